import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { apiUser, expect, logIn, type PlacedTravelWorld, testInTravelWorld } from './fixtures.ts';

interface Box {
  text: string;
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * The lines of visible text inside `banner`, one box per rendered line of each text node (a
 * wrapped paragraph gives several boxes), leaving out screen-reader-only text.
 */
async function textLines(banner: Locator): Promise<{ lines: Box[][]; frame: Box }> {
  return banner.evaluate((root) => {
    const frameRect = root.getBoundingClientRect();
    const frame = {
      text: '',
      left: frameRect.left,
      top: frameRect.top,
      right: frameRect.right,
      bottom: frameRect.bottom,
    };
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    const lines: Box[][] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      const parent = node.parentElement;
      if (text === '' || !parent) continue;
      const style = getComputedStyle(parent);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const boxes = [...range.getClientRects()]
        .filter((r) => r.width > 2 && r.height > 2)
        .map((r) => ({ text, left: r.left, top: r.top, right: r.right, bottom: r.bottom }));
      if (boxes.length > 0) lines.push(boxes);
    }
    return { lines, frame };
  });
}

/** No two text nodes of the banner overlap, and none sticks out of it (cut off at an edge). */
export async function expectBannerTextApart(banner: Locator): Promise<void> {
  await expect(banner).toBeVisible();
  const { lines, frame } = await textLines(banner);
  expect(lines.length, 'the banner shows text').toBeGreaterThan(0);
  const tolerance = 1;
  for (const [i, node] of lines.entries()) {
    for (const box of node) {
      expect(box.left, `"${box.text}" starts inside the banner`).toBeGreaterThanOrEqual(
        frame.left - tolerance,
      );
      expect(box.right, `"${box.text}" ends inside the banner`).toBeLessThanOrEqual(frame.right + tolerance);
      expect(box.top, `"${box.text}" is not cut at the top`).toBeGreaterThanOrEqual(frame.top - tolerance);
      expect(box.bottom, `"${box.text}" is not cut at the bottom`).toBeLessThanOrEqual(
        frame.bottom + tolerance,
      );
    }
    for (const other of lines.slice(i + 1)) {
      for (const a of node)
        for (const b of other) {
          const overlapX = Math.min(a.right, b.right) - Math.max(a.left, b.left);
          const overlapY = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
          expect(overlapX > tolerance && overlapY > tolerance, `"${a.text}" and "${b.text}" overlap`).toBe(
            false,
          );
        }
    }
  }
}

/** The page never scrolls sideways. */
export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, 'no horizontal scroll').toBeLessThanOrEqual(clientWidth);
}

/** No card title is clipped sideways (it wraps instead). Returns how many titles were checked. */
export async function expectCardTitlesWhole(page: Page, cards: Locator): Promise<number> {
  await expect(cards.first()).toBeVisible();
  const titles = cards.locator(':is(h2, h3)');
  const measured = await titles.evaluateAll((elements) =>
    elements.map((element) => ({
      text: element.textContent ?? '',
      scrollWidth: element.scrollWidth,
      clientWidth: element.clientWidth,
      right: element.getBoundingClientRect().right,
      cardRight: (element.closest('article, li, a') ?? element).getBoundingClientRect().right,
    })),
  );
  for (const title of measured) {
    expect(title.scrollWidth, `"${title.text}" is not clipped`).toBeLessThanOrEqual(title.clientWidth);
    expect(title.right, `"${title.text}" stays inside its card`).toBeLessThanOrEqual(title.cardRight + 1);
  }
  return measured.length;
}

/** A trip name long enough to wrap on every width (TRIP_NAME_MAX is 120). */
export const LONG_TRIP_NAME =
  'Seven slow days of Lisbon, Sintra and Cascais with the whole crew before autumn';

/** Gives the world's trip a long name (through the API), so the banner has to wrap it. */
export async function nameTripLong(world: PlacedTravelWorld, request: APIRequestContext): Promise<void> {
  const owner = await apiUser(request, world.owner.email, world.owner.password);
  const renamed = await owner.call('PATCH', `/core/trips/update/${world.tripId}`, {
    tripName: LONG_TRIP_NAME,
  });
  expect(renamed.status()).toBe(200);
}

/**
 * The three screens of the layout checks at the page's current viewport: home (suggestion cards),
 * the world's place (hero and feature cards) and its trip (banner and feature cards).
 */
export async function checkLayoutOfScreens(page: Page, world: PlacedTravelWorld): Promise<void> {
  await logIn(page, world.owner.email, world.owner.password);
  await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
  await expectNoHorizontalScroll(page);
  const homeCards = page.locator('main article, main li:has(h2, h3)');
  if ((await homeCards.count()) > 0) await expectCardTitlesWhole(page, homeCards);

  await page.goto(world.placeUrl);
  const hero = page.getByTestId('place-hero');
  await expect(hero.getByRole('heading', { level: 1, name: world.placeTitle })).toBeVisible();
  await expect(hero.getByTestId('place-credit')).toHaveText('Illustration');
  await expectBannerTextApart(hero);
  await expect(page.getByTestId('feature-card').first()).toBeVisible();
  await expectNoHorizontalScroll(page);
  expect(await expectCardTitlesWhole(page, page.getByTestId('feature-card'))).toBeGreaterThan(0);
  // A card says it can be picked, and the same thing to assistive technology.
  const firstCard = page.getByTestId('feature-card').first();
  await expect(firstCard.getByTestId('feature-pick-hint')).toBeVisible();
  await expect(firstCard.getByRole('button', { name: /^Pick / })).toHaveAttribute('aria-pressed', 'false');

  await page.goto(`/trips/${world.tripId}`);
  const banner = page.getByRole('region', { name: 'trip cover' });
  await expect(banner.getByRole('heading', { level: 1 })).toContainText(LONG_TRIP_NAME);
  await expectBannerTextApart(banner);
  await expect(page.getByTestId('feature-card').first()).toBeVisible();
  await expectNoHorizontalScroll(page);
  expect(await expectCardTitlesWhole(page, page.getByTestId('feature-card'))).toBeGreaterThan(0);
}

/**
 * One layout test per width (at `height` px): the trip named long, then checkLayoutOfScreens, and
 * no console error or CSP violation. Its travel world is named after `label`.
 */
export function layoutTestsAt(label: string, widths: number[], height: number): void {
  const test = testInTravelWorld(label);
  for (const width of widths) {
    test(`[PLACE-06][FEATURE-01] layout at ${width} px: banners, cards, no horizontal scroll`, async ({
      page,
      world,
      problems,
    }) => {
      await page.setViewportSize({ width, height });
      await nameTripLong(world, page.request);
      await checkLayoutOfScreens(page, world);
      test.expect(problems.consoleErrors).toEqual([]);
      test.expect(problems.cspViolations).toEqual([]);
    });
  }
}
