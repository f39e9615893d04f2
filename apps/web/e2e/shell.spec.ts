import { acceptCookiesByClick, expect, test } from './fixtures.ts';

const routes = [
  '/',
  '/auth',
  '/auth/register',
  '/auth/confirm',
  '/auth/recovery',
  '/auth/recovery-confirm',
  '/auth/network',
  '/flight/123',
  '/about',
  '/terms-of-service',
  '/flights',
  '/bnbs',
  '/cars',
];

test('[SHELL-22][SEC-02] the shell renders every public route with no CSP violation and no console error', async ({
  page,
  problems,
}) => {
  for (const route of routes) {
    await page.goto(route);
    await expect(page.locator('header').first()).toBeVisible();
    await expect(page.locator('footer').first()).toBeVisible();
    const main = page.locator('main');
    await expect(main).not.toBeEmpty();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `horizontal overflow on ${route}`).toBeLessThanOrEqual(0);
  }
  expect(problems.cspViolations).toEqual([]);
  expect(problems.consoleErrors).toEqual([]);
});

test('[SHELL-22] the content is at most 1360 px wide on desktop and 1440 px on large screens', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1800, height: 900 });
  await page.goto('/terms-of-service');
  const wide = await page.locator('main').evaluate((el) => el.getBoundingClientRect().width);
  expect(wide).toBeLessThanOrEqual(1440);
  await page.setViewportSize({ width: 1400, height: 900 });
  const desktop = await page.locator('main').evaluate((el) => el.getBoundingClientRect().width);
  expect(desktop).toBeLessThanOrEqual(1360);
});

test('[SHELL-02] an unknown path shows the 404 texts', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText('404 - Page not found')).toBeVisible();
  await expect(page.getByText('Oops! The page you are looking for does not exist.')).toBeVisible();
});

test('[SHELL-17] the theme toggle cycles system, light, dark and survives a reload', async ({ page }) => {
  await page.goto('/about');
  await acceptCookiesByClick(page);
  const body = page.locator('body');
  await expect(body).toHaveClass(/\bsystem\b/);
  const toggle = page.getByRole('button', { name: /theme/i });
  await toggle.click();
  await expect(body).toHaveClass(/\blight\b/);
  await toggle.click();
  await expect(body).toHaveClass(/\bdark\b/);
  await page.reload();
  await expect(page.locator('body')).toHaveClass(/\bdark\b/);
  await page.getByRole('button', { name: /theme/i }).click();
  await expect(page.locator('body')).toHaveClass(/\bsystem\b/);
});

test('[SHELL-18] the cookie overlay stays gone once accepted, and returns after a decline', async ({
  page,
}) => {
  await page.goto('/');
  const accept = page.getByRole('button', { name: 'Accept' });
  await expect(accept).toBeVisible();
  await expect(page.locator('a[href="/cookie-policy.html"]')).toBeVisible();
  await page.getByRole('button', { name: 'Decline' }).click();
  await expect(accept).toBeHidden();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Accept' })).toBeVisible();
  await page.getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByRole('button', { name: 'Accept' })).toBeHidden();
  await page.reload();
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('button', { name: 'Accept' })).toHaveCount(0);
});

test('[SHELL-05] /cookie-policy.html is served as HTML', async ({ request }) => {
  const res = await request.get('/cookie-policy.html');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('text/html');
  expect(await res.text()).toMatch(/cookie/i);
});

test('[SHELL-07] /wow-relax counts down from 30 seconds and returns to /', async ({ page }) => {
  await page.clock.install();
  await page.goto('/wow-relax');
  await expect(page.getByText('Relax and enjoy your time!')).toBeVisible();
  await expect(page.getByText(/\b30\b/).first()).toBeVisible();
  // The first render already says 30; the countdown starts with the page's effect, which a busy
  // machine may run a little later. Step the clock until it shows less than 30: it is running.
  const countdown = page.getByTestId('relax-countdown');
  await expect(async () => {
    await page.clock.runFor(250);
    await expect(countdown).toHaveText(/^(?:[1-9]|1\d|2\d)$/, { timeout: 500 });
  }).toPass({ timeout: 20_000 });
  // Installed fake timers also flow with real time, so the exact second is not pinned: read it,
  // check the page is still counting, then run the clock past the end of the countdown.
  const left = Number(await countdown.textContent());
  expect(left).toBeGreaterThan(0);
  expect(left).toBeLessThan(30);
  await expect(page).toHaveURL(/\/wow-relax$/);
  await page.clock.runFor((left + 1) * 1000);
  // Home (the trip draft may add its query parameters).
  await expect(page).toHaveURL(/\/(\?.*)?$/);
});

test('[SHELL-14] a protected page shows the notice and lands on /auth after 3 s', async ({ page }) => {
  // The page's clock stands still and moves only when the test says, so a slow machine cannot
  // spend the 3 s between two steps of the test.
  const start = new Date('2026-06-01T10:00:00Z');
  await page.clock.install({ time: start });
  await page.clock.pauseAt(new Date(start.getTime() + 60_000));
  await page.goto('/trips');
  const notice = page.getByText('Mama mia! You are not logged in yet');
  // 50 ms at a time until the notice shows: its countdown began at most a few steps ago.
  await expect(async () => {
    await page.clock.runFor(50);
    await expect(notice).toBeVisible({ timeout: 250 });
  }).toPass({ timeout: 30_000 });
  await page.clock.runFor(2_500);
  await expect(page).toHaveURL(/\/trips$/);
  await page.clock.runFor(1_000);
  await expect(page).toHaveURL(/\/auth$/);
});

test('[SHELL-06] /about renders the sections served by the API', async ({ page, request }) => {
  const sections = (await (await request.get('/api/core/vocabulary/about-us')).json()) as Record<
    string,
    { title: string }
  >;
  await page.goto('/about');
  for (const section of Object.values(sections)) {
    await expect(page.getByRole('heading', { name: section.title })).toBeVisible();
  }
});

test.describe('with the service worker', () => {
  test.use({ withServiceWorker: true });
  test('[SHELL-21] after one visit the service worker serves the app shell offline', async ({
    page,
    context,
  }) => {
    await page.goto('/');
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return registration.active?.scriptURL;
    });
    const swUrl = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null);
    if (!swUrl) await page.reload(); // the first load is not controlled yet
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? ''))
      .toContain('/sw.js');
    await context.setOffline(true);
    await page.goto('/about');
    await expect(page.locator('header').first()).toBeVisible();
    await expect(page.locator('footer').first()).toBeVisible();
    await context.setOffline(false);
  });
});

test('[PERF-07] index.html paints a header and page loader stand-in before any script runs; the app replaces it', async ({
  browser,
  page,
}) => {
  // Without scripts: only what index.html and the stylesheet paint.
  const bare = await browser.newContext({ javaScriptEnabled: false });
  try {
    const still = await bare.newPage();
    await still.goto('/');
    const standIn = still.locator('#boot-shell');
    await expect(standIn).toBeVisible();
    await expect(standIn.locator('svg')).toBeVisible();
    const box = await standIn.boundingBox();
    expect(box?.y).toBe(0);
    expect(box?.height).toBe(64); // the header's height: nothing jumps when it goes
    // The app's first page loader, already in its place: the page shows it at first paint.
    const loader = standIn.locator('.boot-shell-loader');
    await expect(loader).toBeVisible();
    await expect(loader).toContainText('Loading…');
    const emoji = await loader.locator('.boot-shell-emoji').boundingBox();
    const viewport = still.viewportSize();
    expect(emoji && viewport ? Math.abs(emoji.x + emoji.width / 2 - viewport.width / 2) : 99).toBeLessThan(2);
  } finally {
    await bare.close();
  }
  // With the app running: the real header is there and the stand-in is gone.
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Tripcrew, back to the start page' })).toBeVisible();
  await expect(page.locator('#boot-shell')).toHaveCount(0);
});

test('[PERF-07] the boot shell paints while the stylesheet is on its way; the app waits for it', async ({
  page,
}) => {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.css$/, async (route) => {
    await released;
    await route.continue();
  });
  const entry = page.waitForEvent('requestfinished', (request) =>
    /\/assets\/index-[\w-]+\.js$/.test(request.url()),
  );
  await page.goto('/', { waitUntil: 'commit' });
  // Laid out from the inline rules alone: the header's place and height.
  const standIn = page.locator('#boot-shell');
  await expect(standIn).toBeVisible();
  expect(await standIn.boundingBox()).toMatchObject({ y: 0, height: 64 });
  // The app's script has arrived but does not run before the stylesheet: nothing renders unstyled.
  await entry;
  // Two rendered frames after the script arrived: had it run, the app would have drawn by now.
  await page.evaluate(
    () =>
      new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(undefined)))),
  );
  expect(await page.locator('#root').evaluate((root) => root.childElementCount)).toBe(0);
  release();
  await expect(page.getByRole('link', { name: 'Tripcrew, back to the start page' })).toBeVisible();
  await expect(page.locator('#boot-shell')).toHaveCount(0);
});

test.describe('with motion', () => {
  test.use({ contextOptions: { reducedMotion: 'no-preference' } });

  test('[HOME-02][PERF-07] the suggestion cards rise in staggered with their text at full contrast in every frame', async ({
    page,
  }) => {
    await page.goto('/');
    // The first frame that shows cards: the later ones are still waiting for their turn.
    const frame = await page.waitForFunction(() => {
      const cards = Array.from(document.querySelectorAll('[data-testid="suggestion-card"]'));
      if (cards.length === 0) return null;
      const opacity = (element: Element | null): number =>
        element ? Number(getComputedStyle(element).opacity) * opacity(element.parentElement) : 1;
      return {
        cards: cards.length,
        moving: cards.filter((card) => card.getAnimations().some((a) => a.playState !== 'finished')).length,
        faded: cards.flatMap((card) =>
          Array.from(card.querySelectorAll('h3, p'))
            .filter((text) => opacity(text) < 1)
            .map((text) => `${text.textContent} (${opacity(text).toFixed(2)})`),
        ),
      };
    });
    const seen = await frame.jsonValue();
    expect(seen?.cards).toBeGreaterThan(1);
    expect(seen?.moving, 'the cards are still animating in').toBeGreaterThan(0);
    expect(seen?.faded, 'no text is shown faded while the cards rise in').toEqual([]);
  });
});
