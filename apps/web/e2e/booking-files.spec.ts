import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import type { TripBooking } from '@tripcrew/contracts/trip-bookings';
import { PDFDocument } from 'pdf-lib';
import { apiUser, expect, logIn, screenshots, seedTravelWorld, test } from './fixtures.ts';

// Keeping a boarding pass for offline use is the service worker's work; the browser is elsewhere.
test.use({ withServiceWorker: true, timezoneId: 'Asia/Tokyo' });

/** YYYY-MM-DD, `offset` days from today. */
function day(offset: number): string {
  const date = new Date();
  date.setDate(date.getDate() + offset);
  return date.toISOString().slice(0, 10);
}

async function boardingPass(): Promise<Buffer> {
  const document = await PDFDocument.create();
  document.addPage([300, 500]).drawText('TP 1350 LIS-JFK 23C', { x: 20, y: 450, size: 14 });
  return Buffer.from(await document.save());
}

/** The URLs the service worker keeps in its cache of booking files. */
const keptFiles = (page: Page) =>
  page.evaluate(async () => (await (await caches.open('tripcrew-booking-files')).keys()).map((r) => r.url));

/** Whether the device's saved answers (lib/offline-query-cache.ts) of `userId` hold `text`. */
function savedHolds(page: Page, userId: string, text: string): Promise<boolean> {
  return page.evaluate(
    ([key, wanted]) =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open('tripcrew-offline', 1);
        open.onerror = () => resolve(false);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('query-cache')) return resolve(false);
          const get = db.transaction('query-cache', 'readonly').objectStore('query-cache').get(key);
          get.onsuccess = () => {
            db.close();
            resolve(JSON.stringify(get.result ?? null).includes(wanted));
          };
          get.onerror = () => resolve(false);
        };
      }),
    [`user:${userId}`, text] as const,
  );
}

/**
 * [BOOKINGS-E2E-02] Ada attaches her boarding pass to tomorrow's flight in the Bookings tab; the
 * trip page keeps the files of the coming week on the device, so after an offline reload the
 * flight is still there and its boarding pass still opens.
 */
test('[BOOKINGS-E2E-02] a boarding pass attached to tomorrow’s flight still opens after an offline reload', async ({
  page,
  context,
  request,
  problems,
}) => {
  const world = await seedTravelWorld(request, 'bookingfiles');
  const ada = await apiUser(request, world.owner.email, world.owner.password);
  const added = await ada.call('POST', `/core/trips/${world.tripId}/bookings`, {
    kind: 'flight',
    carrier: 'TP',
    number: '1350',
    seat: '23C',
    cost: { amount: '412.30', currency: 'EUR' },
    start: { local: `${day(1)}T10:00`, place: { iata: 'LIS' } },
    end: { local: `${day(1)}T12:50`, place: { iata: 'JFK' } },
  });
  expect(added.status()).toBe(200);

  await logIn(page, world.owner.email, world.owner.password, `/trips/${world.tripId}?tab=bookings`);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? ''), { timeout: 30_000 })
    .toContain('/sw.js');
  const flight = page.getByTestId('trip-booking').filter({ hasText: 'TP 1350' });
  await expect(flight).toContainText(/10:00 (WET|GMT)/);
  await expect(flight.getByRole('button', { name: /Add to expenses/ })).toBeVisible();
  await flight.getByTestId('trip-booking-file-input').setInputFiles({
    name: 'TP1350 boarding pass.pdf',
    mimeType: 'application/pdf',
    buffer: await boardingPass(),
  });
  const file = flight.getByTestId('trip-booking-file');
  await expect(file).toContainText('TP1350 boarding pass.pdf');
  const [booking] = (await (
    await ada.call('GET', `/core/trips/${world.tripId}/bookings`)
  ).json()) as TripBooking[];
  const fileUrl = booking?.files[0]?.url ?? '';
  expect(fileUrl).toMatch(/\/files\/[0-9a-f-]{36}$/);
  // The page keeps it on the device (a flight of the coming week) without it being opened.
  await expect.poll(() => keptFiles(page), { timeout: 20_000 }).toEqual([expect.stringContaining(fileUrl)]);
  await screenshots(page, 'booking-files');
  // …and the bookings as they are now, with the file, among its saved answers.
  const fileId = fileUrl.split('/').pop() ?? '';
  await expect.poll(() => savedHolds(page, ada.id, fileId), { timeout: 20_000 }).toBe(true);

  // No network: the reload still shows the flight, and the boarding pass opens in a new tab.
  await context.setOffline(true);
  await page.reload();
  await expect(flight.getByTestId('trip-booking-file')).toContainText('TP1350 boarding pass.pdf');
  await expect(flight.getByRole('button', { name: 'Attach a file' })).toBeDisabled();
  const saved = page.waitForEvent('download');
  await flight.getByTestId('trip-booking-file').click();
  const download = await saved;
  expect(download.suggestedFilename()).toBe('TP1350 boarding pass.pdf');
  expect((await readFile(await download.path())).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await screenshots(page, 'booking-files-offline');
  await context.setOffline(false);
  expect(problems.cspViolations).toEqual([]);
  expect(
    problems.consoleErrors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch|net::/.test(e)),
  ).toEqual([]);
});
