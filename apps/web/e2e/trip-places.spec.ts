import { apiUser, expect, logIn, seedTravelWorld, test } from './fixtures.ts';

/**
 * Places of the trip's own: Ada pastes a Google Maps link of a place the catalogue lacks; the point
 * and the name come out of the link in the browser; the place is saved, and Ben, another member,
 * finds it on his trip page with the link to the map.
 */
test('[PLACES-OWN-E2E-01] a pasted Google Maps link becomes a place of the trip that the crew sees', async ({
  page,
  request,
  problems,
}) => {
  const world = await seedTravelWorld(request, 'own-places');
  await logIn(page, world.owner.email, world.owner.password, `/trips/${world.tripId}`);
  const section = page.getByTestId('trip-places');
  await expect(section.getByTestId('trip-places-empty')).toBeVisible();

  await section.getByRole('button', { name: 'Add a place' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a place' });
  await dialog
    .getByRole('textbox', { name: 'Map link or coordinates' })
    .fill(
      'https://www.google.com/maps/place/Tasca+do+Chico/@38.7118,-9.1440,17z/data=!3m1!4b1!4m6!3m5!1s0x0:0x1!8m2!3d38.71173!4d-9.14391',
    );
  await expect(dialog.getByTestId('place-link-reading')).toHaveText(/38\.71173, -9\.14391 from Google Maps/);
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue('Tasca do Chico');
  await dialog.getByRole('textbox', { name: 'Notes (optional)' }).fill('Fado on Friday nights');
  await dialog.getByRole('button', { name: 'Add place' }).click();
  await expect(dialog).toHaveCount(0);
  const card = section.getByTestId('trip-place');
  await expect(card).toHaveCount(1);
  await expect(card.getByRole('heading', { name: 'Tasca do Chico' })).toBeVisible();

  // Saved on the server: Ben reads it over the API and on his own page.
  const ben = await apiUser(request, world.friend.email, world.friend.password);
  const places = (await (await ben.call('GET', `/core/trips/${world.tripId}/places`)).json()) as Array<{
    name: string;
    coordinates: { lat: number; lng: number };
  }>;
  expect(places).toEqual([
    expect.objectContaining({ name: 'Tasca do Chico', coordinates: { lat: 38.71173, lng: -9.14391 } }),
  ]);
  await logIn(page, world.friend.email, world.friend.password, `/trips/${world.tripId}`);
  const seen = page.getByTestId('trip-places').getByTestId('trip-place');
  await expect(seen.getByRole('heading', { name: 'Tasca do Chico' })).toBeVisible();
  await expect(seen.getByTestId('trip-place-notes')).toHaveText('Fado on Friday nights');
  await expect(seen.getByRole('link', { name: /Open in OpenStreetMap/ })).toHaveAttribute(
    'href',
    /mlat=38\.71173&mlon=-9\.14391/,
  );

  expect(problems.consoleErrors).toEqual([]);
  expect(problems.cspViolations).toEqual([]);
});
