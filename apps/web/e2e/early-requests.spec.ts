import type { Request } from '@playwright/test';
import { expect, logIn, testInTravelWorld } from './fixtures.ts';

const test = testInTravelWorld('early');

/** Resolves with the first request `matches` accepts; rejects after `ms`, naming `what`. */
function firstRequest(
  on: (listener: (request: Request) => void) => void,
  matches: (request: Request) => boolean,
  what: string,
  ms = 20_000,
): Promise<Request> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no request for ${what} within ${ms} ms`)), ms);
    on((request) => {
      if (!matches(request)) return;
      clearTimeout(timer);
      resolve(request);
    });
  });
}

test("[PERF-07] a trip page asks for its data, the cards' categories and hearts, and its first picture before the app's code has arrived, and only once", async ({
  page,
  world,
}) => {
  await logIn(page, world.owner.email, world.owner.password);

  const tripPath = `/api/core/trips/${world.tripId}`;
  const featuresPath = `/api/core/trips/features/${world.tripId}`;
  const categoriesPath = '/api/core/categories/all';
  const wishlistPath = '/api/core/wishlist/ids';
  // As on a first visit to this device: no saved categories or wishlist, so both are asked for.
  // Cleared from a page without the app, which could save them again before the trip opens.
  await page.goto('/api/health');
  await page.evaluate(() => {
    localStorage.removeItem('category');
    localStorage.removeItem('wishlist');
  });
  const seen: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (
      request.method() === 'GET' &&
      [tripPath, featuresPath, categoriesPath, wishlistPath].includes(pathname)
    )
      seen.push(pathname);
  });
  const on = (listener: (request: Request) => void) => page.on('request', listener);
  const tripAsked = firstRequest(on, (r) => new URL(r.url()).pathname === tripPath, 'the trip');
  const featuresAsked = firstRequest(on, (r) => new URL(r.url()).pathname === featuresPath, 'its features');
  const categoriesAsked = firstRequest(
    on,
    (r) => new URL(r.url()).pathname === categoriesPath,
    'the categories',
  );
  const wishlistAsked = firstRequest(on, (r) => new URL(r.url()).pathname === wishlistPath, 'the wishlist');
  const pictureAsked = firstRequest(
    on,
    (r) => r.resourceType() === 'image' && new URL(r.url()).searchParams.get('compress') === '540x540',
    "the first card's picture",
  );

  // The app's entry script is held back until the page has asked for all of them: only the
  // start-up script can have asked.
  const allAsked = Promise.all([tripAsked, featuresAsked, categoriesAsked, wishlistAsked, pictureAsked]);
  let released = false;
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await allAsked;
    released = true;
    await route.continue();
  });

  await page.goto(`/trips/${world.tripId}`);
  await allAsked;
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('');
  await expect(page.getByTestId('trip-features').getByTestId('feature-card')).toHaveCount(4);
  expect(released).toBe(true);
  // The app took those answers: it did not ask again.
  expect(seen.filter((path) => path === tripPath)).toHaveLength(1);
  expect(seen.filter((path) => path === featuresPath)).toHaveLength(1);
  expect(seen.filter((path) => path === categoriesPath)).toHaveLength(1);
  expect(seen.filter((path) => path === wishlistPath)).toHaveLength(1);
});

test("[PERF-07] a place page asks for its place before the app's code has arrived, signed in or not, and only once", async ({
  page,
  world,
}) => {
  await logIn(page, world.owner.email, world.owner.password);

  const placePath = `/api/core/places/place/${world.placeId}`;
  const seen: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'GET' && new URL(request.url()).pathname === placePath) seen.push(placePath);
  });
  const placeAsked = firstRequest(
    (listener) => page.on('request', listener),
    (r) => new URL(r.url()).pathname === placePath,
    'the place',
  );
  let released = false;
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await placeAsked;
    released = true;
    await route.continue();
  });

  await page.goto(world.placeUrl);
  await placeAsked;
  await expect(page.getByRole('heading', { level: 1, name: world.placeTitle })).toBeVisible();
  expect(released).toBe(true);
  // The public answer served the signed-in app: it did not ask again.
  expect(seen).toHaveLength(1);
});
