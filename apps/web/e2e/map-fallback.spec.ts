import { CHROMIUM_FLAGS, JOURNEY_CHROMIUM_PATH } from '../../../scripts/chromium.ts';
import { placePath } from '../src/lib/place-path.ts';
import { acceptCookiesByClick, expect, test } from './fixtures.ts';

/** WebGL in headless Chromium without a GPU: the software rasteriser, asked for by name. */
test.use({
  launchOptions: {
    executablePath: JOURNEY_CHROMIUM_PATH,
    args: [...CHROMIUM_FLAGS, '--disable-quic', '--enable-unsafe-swiftshader', '--use-angle=swiftshader'],
  },
});

/**
 * The street map cannot be reached (offline, blocked, down): the place's map draws the bundled
 * basemap instead of an error, and asks for it (`basemap=builtin`) after the street style failed.
 */
test('[MAP-18] when the street map style cannot be reached, the map falls back to the bundled basemap', async ({
  page,
}) => {
  const asked: string[] = [];
  await page.route('**/api/maps/style.json?*', async (route) => {
    const url = route.request().url();
    asked.push(new URL(url).search);
    if (url.includes('basemap=builtin')) await route.continue();
    else await route.abort('connectionrefused');
  });
  const places = (await (
    await page.request.get('/api/core/places/autocomplete?q=Lisbon')
  ).json()) as Parameters<typeof placePath>[0][];
  const lisbon = places[0];
  if (!lisbon) throw new Error('the curated seed has no Lisbon');
  await page.goto(placePath(lisbon));
  await acceptCookiesByClick(page);
  await page.getByRole('button', { name: 'Show map' }).click();
  await expect(page.locator('[data-map-state]')).toHaveAttribute('data-map-state', 'ready', {
    timeout: 30_000,
  });
  await expect(page.getByTestId('map-summary')).toHaveText(/\d+ features? on the map/);
  expect(asked).toEqual(['?theme=light', '?theme=light&basemap=builtin']);
});
