import type { Planner } from '@tripcrew/contracts/trips';
import {
  apiUser,
  expect,
  logIn,
  picture,
  registerAccount,
  screenshots,
  seedTravelWorld,
  test,
} from './fixtures.ts';
import { MAP_LOAD, mapStopNames } from './trip-map-helpers.ts';

/**
 * Places of the trip's own: Ada pastes a Google Maps link of a place the catalogue lacks; the point
 * and the name come out of the link in the browser; the place is saved, and Ben, another member,
 * finds it on his trip page with the link to the map. On the plan it is a stop like any feature:
 * moved to a day, it has a leg from the stop before it and a number on the trip's map.
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

  // [PLACES-PLAN-05] On the plan: the place waits in the tray; moved to day 2 after a feature
  // there, it is a stop with a leg to it, and numbered on the map.
  const ada = await apiUser(request, world.owner.email, world.owner.password);
  const planner = (await (await ada.call('GET', `/core/trips/${world.tripId}/planner`)).json()) as Planner;
  const feature = planner.tray.find((item) => item.kind === 'feature');
  const dayTwo = planner.days[1]?.date;
  if (!feature?.feature || !dayTwo) throw new Error('the seeded trip has features and a second day');
  const moved = await ada.call('POST', `/core/trips/${world.tripId}/planner/items/${feature._id}/move`, {
    date: dayTwo,
    index: 0,
  });
  expect(moved.status()).toBe(200);
  await page.getByRole('tab', { name: 'planner' }).click();
  await page.getByRole('button', { name: 'Move Tasca do Chico', exact: true }).click();
  await page
    .getByRole('menu', { name: 'Move Tasca do Chico' })
    .getByRole('menuitem', { name: /^To Day 2/ })
    .click();
  const day2 = page.getByTestId('planner-day').nth(1);
  await expect(day2.getByTestId('planner-item-title')).toHaveText([feature.feature.title, 'Tasca do Chico']);
  await expect(day2.getByTestId('route-leg')).toHaveText(/\d+(\.\d)? k?m · /);
  await expect.poll(() => mapStopNames(page), MAP_LOAD).toContain('Day 2, stop 2: Tasca do Chico');

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

/**
 * A pin dropped on the trip's map: a click on the map offers to add a place there; the dialog has
 * the point already, the place is named and joins the plan's tray, grey on the map.
 */
test('[PLACES-PIN-E2E-01] a click on the trip map adds a place at that point', async ({
  page,
  request,
  problems,
}) => {
  const world = await seedTravelWorld(request, 'pin-places');
  await logIn(page, world.owner.email, world.owner.password, `/trips/${world.tripId}?tab=planner`);
  const map = page.getByRole('region', { name: 'Trip map' });
  await expect.poll(() => mapStopNames(page), MAP_LOAD).not.toEqual([]);
  // A corner of the map, away from the stops' markers and the zoom buttons.
  await map
    .locator('canvas')
    .first()
    .click({ position: { x: 40, y: 60 } });
  await page.getByRole('button', { name: 'Add a place here' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a place' });
  await expect(dialog.getByTestId('place-link-reading')).toHaveText(/^Found -?\d+\.\d{5}, -?\d+\.\d{5}$/);
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Picnic spot');
  await dialog.getByRole('button', { name: 'Add place' }).click();
  await expect(dialog).toHaveCount(0);
  await expect.poll(() => mapStopNames(page), MAP_LOAD).toContain('Unscheduled: Picnic spot');
  await expect(page.getByTestId('planner-item-title').filter({ hasText: 'Picnic spot' })).toBeVisible();

  expect(problems.consoleErrors).toEqual([]);
  expect(problems.cspViolations).toEqual([]);
});

/**
 * A trip with nothing on the map yet: the map of the planner opens on the trip's city for someone
 * who edits it, and a click there starts the first place of the trip's own.
 */
test("[PLACES-PIN-E2E-02] with nothing located yet, the trip map opens on the trip's city and a click adds the first place", async ({
  page,
  request,
  problems,
}) => {
  const account = await registerAccount(request, { label: 'first-pin', name: 'Ada', lastName: 'Lovell' });
  const ada = await apiUser(request, account.email, account.password);
  const [lisbon] = (await (await ada.call('GET', '/core/places/autocomplete?q=Lisbon')).json()) as Array<{
    _id: string;
  }>;
  if (!lisbon) throw new Error('the curated seed has no Lisbon');
  const created = await ada.call('POST', '/core/trips', { placeId: lisbon._id, featureIds: [] });
  expect(created.status()).toBe(201);
  const { _id: tripId } = (await created.json()) as { _id: string };

  await logIn(page, account.email, account.password, `/trips/${tripId}?tab=planner`);
  const region = page.getByTestId('trip-map-region');
  await expect(region.getByTestId('trip-map-first-pin')).toHaveText(/No stops with a location yet/);
  const canvas = region.locator('canvas').first();
  await expect(canvas).toBeVisible(MAP_LOAD);
  await screenshots(page, 'first-pin-empty', false);
  const box = await canvas.boundingBox();
  if (!box) throw new Error('the map has a size');
  await canvas.click({ position: { x: box.width / 2, y: box.height / 2 } });
  await region.getByRole('button', { name: 'Add a place here' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a place' });
  // The point is in Lisbon: the map opened on the trip's city.
  const point = await dialog.getByRole('textbox', { name: 'Map link or coordinates' }).inputValue();
  const [lat, lng] = point.split(',').map(Number);
  expect(lat).toBeGreaterThan(38.6);
  expect(lat).toBeLessThan(38.85);
  expect(lng).toBeGreaterThan(-9.3);
  expect(lng).toBeLessThan(-9.0);
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Our flat');
  await dialog.getByRole('button', { name: 'Add place' }).click();
  await expect(dialog).toHaveCount(0);
  // The place waits in the tray: a grey marker, and the hint is gone.
  await expect.poll(() => mapStopNames(page), MAP_LOAD).toEqual(['Unscheduled: Our flat']);
  await expect(region.getByTestId('trip-map-first-pin')).toHaveCount(0);
  await picture(page, 'first-pin-placed');

  expect(problems.consoleErrors).toEqual([]);
  expect(problems.cspViolations).toEqual([]);
});
