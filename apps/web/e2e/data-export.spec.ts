import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import { apiUser, expect, logIn, registerAccount, test } from './fixtures.ts';

/**
 * Issue 22, "Download my data": from the account page, prepare the archive, follow the progress,
 * download it once; the ZIP's JSON holds the user's trip.
 */
test('[EXPORT-09] prepare my data, wait for it, download the ZIP once: its JSON holds my trip', async ({
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

  await logIn(page, email, password);
  await page.goto('/account');
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
    trips: Array<{ id: string; name: string }>;
  };
  expect(archive.user.email).toBe(email);
  expect(archive.trips.map((trip) => [trip.id, trip.name])).toEqual([[tripId, tripName]]);

  // Downloaded once: the section says so, and the API answers 410 to a second download.
  await expect(section.getByText(/^Downloaded on /)).toBeVisible();
  const latest = (await (await api.call('GET', '/account/exports/latest')).json()) as {
    export: { id: string; status: string };
  };
  expect(latest.export.status).toBe('downloaded');
  expect((await api.call('GET', `/account/exports/${latest.export.id}/download`)).status()).toBe(410);
  expect(problems.consoleErrors).toEqual([]);
  expect(problems.cspViolations).toEqual([]);
});
