import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import { apiUser, expect, logIn, registerAccount, test } from './fixtures.ts';

/**
 * Issues 22 and 35, "Download my data": from the account page, prepare the archive, follow the
 * progress, download it; the ZIP's JSON holds the user's trip and its itinerary, and the archive
 * can be downloaded again until it expires.
 */
test('[EXPORT-09] prepare my data, wait for it, download the ZIP: its JSON holds my trip and its plan; it downloads again', async ({
  page,
  request,
  problems,
}) => {
  const { email, password } = await registerAccount(request, { label: 'export', name: 'Esme' });
  const api = await apiUser(request, email, password);
  const place = (await (
    await api.call('GET', '/core/places/search?country=portugal&place=lisbon')
  ).json()) as { _id: string };
  const created = await api.call('POST', '/core/trips', { placeId: place._id });
  expect(created.status()).toBe(201);
  const tripId = ((await created.json()) as { _id: string })._id;
  const tripName = `Export trip ${Math.random().toString(36).slice(2, 8)}`;
  expect((await api.call('PATCH', `/core/trips/update/${tripId}`, { tripName })).status()).toBe(200);

  await logIn(page, email, password, '/account');
  const section = page.getByRole('region', { name: 'Your data' });
  await section.getByRole('button', { name: 'Prepare my data' }).click();
  // The job runs in the background; the section polls until it is ready.
  const downloadButton = section.getByRole('button', { name: /^Download \(expires / });
  await expect(downloadButton).toBeVisible({ timeout: 20_000 });

  const [download] = await Promise.all([page.waitForEvent('download'), downloadButton.click()]);
  expect(download.suggestedFilename()).toMatch(/^tripcrew-export-\d{4}-\d{2}-\d{2}\.zip$/);
  const path = await download.path();
  const entries = unzipSync(new Uint8Array(await readFile(path)));
  expect(Object.keys(entries)).toEqual(expect.arrayContaining(['tripcrew-export.json', 'schema.json']));
  const archive = JSON.parse(strFromU8(entries['tripcrew-export.json'] ?? new Uint8Array())) as {
    user: { email: string };
    trips: Array<{ id: string; name: string; itinerary: { days: unknown[]; tray: unknown[] } }>;
  };
  expect(archive.user.email).toBe(email);
  expect(archive.trips.map((trip) => [trip.id, trip.name])).toEqual([[tripId, tripName]]);
  expect(archive.trips[0]?.itinerary).toEqual({ days: expect.any(Array), tray: expect.any(Array) });

  // The section notes the download and keeps the archive downloadable until it expires.
  await expect(section.getByText(/^Last downloaded on /)).toBeVisible();
  await expect(downloadButton).toBeEnabled();
  const [again] = await Promise.all([page.waitForEvent('download'), downloadButton.click()]);
  expect(again.suggestedFilename()).toBe(download.suggestedFilename());
  const latest = (await (await api.call('GET', '/account/exports/latest')).json()) as {
    export: { id: string; status: string; downloadedAt: string | null };
  };
  expect(latest.export).toMatchObject({ status: 'ready', downloadedAt: expect.any(String) });
  expect(problems.consoleErrors).toEqual([]);
  expect(problems.cspViolations).toEqual([]);
});
