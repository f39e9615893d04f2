import type { Page } from '@playwright/test';
import { expect, logIn, testInTravelWorld } from './fixtures.ts';

const test = testInTravelWorld('offline');
// Offline reading is the service worker's work.
test.use({ withServiceWorker: true });

const OFFLINE_TEXT = "You're offline — showing what was saved on this device.";

/** Waits until the service worker controls the page (it registers once the page has settled). */
async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? ''), {
      message: 'the service worker controls the page',
      timeout: 30_000,
    })
    .toContain('/sw.js');
}

/** The query hashes saved to IndexedDB for `userId` (lib/offline-query-cache.ts). */
function savedQueryHashes(page: Page, userId: string): Promise<string[]> {
  return page.evaluate(
    (key) =>
      new Promise<string[]>((resolve) => {
        const open = indexedDB.open('tripcrew-offline', 1);
        open.onupgradeneeded = () => {
          if (!open.result.objectStoreNames.contains('query-cache'))
            open.result.createObjectStore('query-cache');
        };
        open.onerror = () => resolve([]);
        open.onsuccess = () => {
          const db = open.result;
          const get = db.transaction('query-cache', 'readonly').objectStore('query-cache').get(key);
          get.onsuccess = () => {
            const record = get.result as { queries?: { queryHash: string }[] } | undefined;
            db.close();
            resolve(record?.queries?.map((query) => query.queryHash) ?? []);
          };
          get.onerror = () => {
            db.close();
            resolve([]);
          };
        };
      }),
    `user:${userId}`,
  );
}

test('[OFFLINE-06] a trip opened once reads offline after a reload: still signed in, trip, features and planner, a banner; tabs never opened say so', async ({
  page,
  context,
  world,
}) => {
  await logIn(page, world.owner.email, world.owner.password);
  await waitForServiceWorker(page);

  // Open the trip and its tabs while online.
  await page.goto(`/trips/${world.tripId}`);
  const title = page.getByRole('heading', { level: 1 });
  await expect(title).not.toHaveText('');
  const tripName = (await title.textContent()) ?? '';
  const cards = page.getByTestId('trip-features').getByTestId('feature-card');
  await expect(cards).toHaveCount(4);
  const firstFeature = (await cards.first().getByRole('heading').first().textContent()) ?? '';
  expect(firstFeature).not.toBe('');

  await page.getByRole('tab', { name: 'planner' }).click();
  await expect(page.getByTestId('planner-tray').getByTestId('planner-item')).toHaveCount(4);
  await page.getByRole('tab', { name: 'checklist' }).click();
  await expect(page.getByTestId('checklist-progress').first()).toBeVisible();

  // What was read is on the device.
  await expect
    .poll(() => savedQueryHashes(page, world.owner.id), {
      message: 'the trip saved to IndexedDB',
      timeout: 20_000,
    })
    .toEqual(
      expect.arrayContaining([
        `["trips","detail","${world.tripId}"]`,
        `["trips","features","${world.tripId}"]`,
        `["trips","planner","${world.tripId}"]`,
      ]),
    );

  // No network: the reload still shows the trip, signed in, with the banner.
  await context.setOffline(true);
  await page.reload();
  const banner = page.getByRole('status').filter({ hasText: OFFLINE_TEXT });
  await expect(banner).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ada' }).first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tripName);

  await page.getByRole('tab', { name: 'features' }).click();
  await expect(cards).toHaveCount(4);
  await expect(cards.first().getByRole('heading').first()).toHaveText(firstFeature);
  await page.getByRole('tab', { name: 'planner' }).click();
  await expect(page.getByTestId('planner-tray').getByTestId('planner-item')).toHaveCount(4);
  // Tabs never opened online say plainly that this device has not kept them, not a loader.
  for (const tab of ['budget', 'chat', 'history']) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByTestId('not-kept-offline'), `the ${tab} tab`).toContainText(
      'This tab was not saved on this device',
    );
  }

  // Back online: the banner goes.
  await context.setOffline(false);
  await expect(banner).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tripName);
});
