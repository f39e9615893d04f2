import type { Page } from '@playwright/test';
import { CHROMIUM_FLAGS, JOURNEY_CHROMIUM_PATH } from '../../../scripts/chromium.ts';
import { placePath } from '../src/lib/place-path.ts';
import { acceptCookiesByClick, axe, expect, picture, test } from './fixtures.ts';

/** WebGL in headless Chromium without a GPU: the software rasteriser, asked for by name. */
test.use({
  launchOptions: {
    executablePath: JOURNEY_CHROMIUM_PATH,
    args: [...CHROMIUM_FLAGS, '--disable-quic', '--enable-unsafe-swiftshader', '--use-angle=swiftshader'],
  },
});

interface Pin {
  id: string;
  marker: 'pin' | 'dot';
  x: number;
  y: number;
}

async function openLisbon(page: Page): Promise<void> {
  // The map keeps its drawing buffer and says where its pins are (map-preferences.ts).
  await page.addInitScript(() => localStorage.setItem('tripcrew:map-test-hooks', '1'));
  const places = (await (
    await page.request.get('/api/core/places/autocomplete?q=Lisbon')
  ).json()) as Parameters<typeof placePath>[0][];
  const lisbon = places[0];
  if (!lisbon) throw new Error('the curated seed has no Lisbon');
  await page.goto(placePath(lisbon));
  await acceptCookiesByClick(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Lisbon' })).toBeVisible();
}

async function showMap(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Show map' }).click();
  const map = page.locator('[data-map-state]');
  await expect(map).toHaveAttribute('data-map-state', 'ready', { timeout: 30_000 });
  await expect(page.getByTestId('map-summary')).toHaveText(/\d+ features? on the map/);
}

/** How many distinct colours the drawn map has (WebGL canvas read back; its buffer is preserved for tests). */
async function canvasColours(page: Page): Promise<number> {
  return page.locator('canvas.maplibregl-canvas').evaluate((canvas: HTMLCanvasElement) => {
    const copy = document.createElement('canvas');
    copy.width = 64;
    copy.height = 64;
    const context = copy.getContext('2d');
    if (!context) return 0;
    context.drawImage(canvas, 0, 0, 64, 64);
    const { data } = context.getImageData(0, 0, 64, 64);
    const colours = new Set<string>();
    for (let i = 0; i < data.length; i += 4) colours.add(`${data[i]},${data[i + 1]},${data[i + 2]}`);
    return colours.size;
  });
}

/** Where the pins are once the map is at rest (the same positions twice, a second apart). */
async function renderedPins(page: Page): Promise<Pin[]> {
  const container = page.locator('.maplibregl-map');
  await expect(container).toHaveAttribute('data-pins', /"id"/, { timeout: 20_000 });
  let last = '';
  await expect
    .poll(
      async () => {
        const now = (await container.getAttribute('data-pins')) ?? '';
        const stable = now === last;
        last = now;
        return stable;
      },
      { intervals: [1000], timeout: 20_000 },
    )
    .toBe(true);
  return JSON.parse(last) as Pin[];
}

/** Where to click a marker: a pin stands on its point (its head is above), a dot is centred on it. */
const headOf = (pin: Pin) => ({ x: pin.x, y: pin.marker === 'pin' ? pin.y - 14 : pin.y });

test.describe('the place screen map', () => {
  test('[MAP-07] draws the basemap and the features with WebGL, with no warning in the console, and axe finds nothing', async ({
    page,
    problems,
  }) => {
    await openLisbon(page);
    await showMap(page);
    await expect.poll(() => canvasColours(page), { timeout: 20_000 }).toBeGreaterThan(3);
    await expect(page.getByTestId('map-legend').getByRole('listitem').first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'Map of Lisbon' })).toBeVisible();
    await expect(page.getByText('© Natural Earth, © OpenStreetMap contributors, © GeoNames')).toBeAttached();
    // Every cluster's count and every pin is drawn before the symbols are laid out (no missing image).
    await renderedPins(page);
    // The software GPU's notes on this test reading the canvas back are the browser's, not the app's.
    expect(problems.consoleWarnings.filter((text) => !/GL Driver Message/.test(text))).toEqual([]);
    const result = await axe(page).include('[data-testid="feature-map"]').analyze();
    expect(
      result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
    expect(problems.cspViolations).toEqual([]);
  });

  test('[MAP-08] clicking a pin opens its popup on the map; "Show in the list" scrolls to its card and marks it', async ({
    page,
  }) => {
    await openLisbon(page);
    await showMap(page);
    // The map at the top of the window, clear of the docked 'Trip create' button.
    await page
      .getByRole('button', { name: 'Hide map' })
      .evaluate((node) => node.scrollIntoView({ block: 'start' }));
    const pins = await renderedPins(page);
    const box = await page.locator('canvas.maplibregl-canvas').boundingBox();
    if (!box) throw new Error('no map canvas');
    const cards = await page
      .getByTestId('feature-card')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-feature-id')));
    // A pin of a loaded card whose head is on the canvas itself or its own button (not under a
    // control, another pin's button or the page's buttons).
    const onCanvas = async (pin: Pin) =>
      page.evaluate(
        ([x, y, id]) => {
          const hit = document.elementFromPoint(Number(x), Number(y));
          return (
            (hit?.classList.contains('maplibregl-canvas') ?? false) ||
            hit?.getAttribute('data-map-target') === `feature:${String(id)}`
          );
        },
        [box.x + headOf(pin).x, box.y + headOf(pin).y, pin.id],
      );
    let pin: Pin | undefined;
    for (const candidate of pins) {
      if (cards.includes(candidate.id) && (await onCanvas(candidate))) {
        pin = candidate;
        break;
      }
    }
    expect(pin, 'a pin of a loaded card on the map').toBeDefined();
    if (!pin) return;
    const scrolled = await page.evaluate(() => window.scrollY);
    await page.mouse.click(box.x + headOf(pin).x, box.y + headOf(pin).y);
    // The popup opens on the map and the page stays where it was.
    const popup = page.locator('.maplibregl-popup');
    await expect(popup.getByRole('button', { name: 'Show in the list' })).toBeVisible();
    await picture(page, 'pin-popup');
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    await popup.getByRole('button', { name: 'Show in the list' }).click();
    await expect(popup).toHaveCount(0);
    const card = page.locator(`[data-feature-id="${pin.id}"]`);
    await expect(card).toHaveAttribute('data-highlighted', 'true');
    await expect(card).toBeInViewport();
    await expect(page).toHaveURL(/\/place\//);
  });

  test('[MAP-13] the pins are named buttons: Tab from the map reaches one, Enter opens its popup, which shows its card', async ({
    page,
  }) => {
    await openLisbon(page);
    await showMap(page);
    await page
      .getByRole('button', { name: 'Hide map' })
      .evaluate((node) => node.scrollIntoView({ block: 'start' }));
    await renderedPins(page);
    const cards = await page
      .getByTestId('feature-card')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-feature-id')));
    // The buttons over the drawn pins, in reading order, each named after its feature.
    const targets = page.locator('[data-map-target]');
    await expect(targets.first()).toBeAttached();
    const keys = await targets.evaluateAll((nodes) =>
      nodes.map((node) => node.getAttribute('data-map-target')),
    );
    const index = keys.findIndex((key) => cards.some((id) => key === `feature:${id}`));
    expect(index, 'a pin of a loaded card has a button').toBeGreaterThanOrEqual(0);
    const key = keys[index]!;
    const target = page.locator(`[data-map-target="${key}"]`);
    const name = await target.getAttribute('aria-label');
    expect(name).toBeTruthy();
    await page.locator('canvas.maplibregl-canvas').focus();
    for (let i = 0; i <= index; i += 1) await page.keyboard.press('Tab');
    await expect(target).toBeFocused();
    await expect(page.getByRole('button', { name: name! })).toBeFocused();
    await page.keyboard.press('Enter');
    await page.locator('.maplibregl-popup').getByRole('button', { name: 'Show in the list' }).press('Enter');
    const card = page.locator(`[data-feature-id="${key.slice('feature:'.length)}"]`);
    await expect(card).toHaveAttribute('data-highlighted', 'true');
    await expect(card).toBeInViewport();
  });

  test.describe('with the service worker', () => {
    test.use({ withServiceWorker: true });
    test('[MAP-09] the map draws again with the network off once it was seen', async ({ page, context }) => {
      await openLisbon(page);
      // The service worker caches the style and the data on the first visit.
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      await showMap(page);
      await expect.poll(() => canvasColours(page), { timeout: 20_000 }).toBeGreaterThan(3);
      // The service worker has put the style and every data set the map loaded in its cache.
      await expect
        .poll(
          () =>
            page.evaluate(async () => {
              const urls = performance
                .getEntriesByType('resource')
                .map((entry) => entry.name)
                .filter((url) => /\/api\/maps\/(style\.json|data\/)/.test(url));
              const cache = await caches.open('tripcrew-maps');
              const cached = await Promise.all(urls.map((url) => cache.match(url)));
              return urls.length > 0 && cached.every(Boolean);
            }),
          { message: 'the map style and data in the service worker cache', timeout: 20_000 },
        )
        .toBe(true);
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Lisbon' })).toBeVisible();
      await context.setOffline(true);
      await page.getByRole('button', { name: 'Show map' }).click();
      await expect(page.locator('[data-map-state]')).toHaveAttribute('data-map-state', 'ready', {
        timeout: 30_000,
      });
      await expect.poll(() => canvasColours(page), { timeout: 20_000 }).toBeGreaterThan(3);
      await context.setOffline(false);
    });
  });
});
