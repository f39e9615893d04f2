import { expect, logIn, seedTravelWorld, test } from './fixtures.ts';
import { openTripTab, signedInContext } from './two-members.ts';

/**
 * Arrivals, leavings and editors reach the others through live frames, not the 20 s heartbeat:
 * the bound is for a loaded shared test machine.
 */
const LIVE = { timeout: 5_000 };

/**
 * Issue 35, "a group that sees each other": Ada sees Ben's avatar in the trip page's header when
 * Ben opens the trip, "Ben is editing" on a packing item while his editor is open on it, and Ben
 * gone once he leaves the trip page. Neither sees themselves. Offline, Ada sees nobody and sends
 * nothing; back online, she sees who is there again.
 */
test('[PRESENCE-20] a member who opens the trip appears for the other, who sees what he edits, and is gone when he leaves', async ({
  page,
  browser,
  request,
  problems,
}) => {
  const world = await seedTravelWorld(request, 'presence');
  const ada = page;
  await logIn(ada, world.owner.email, world.owner.password);
  const ben = await signedInContext(browser, world.friend.email, world.friend.password);
  // A packing item to edit, added by Ada through the page.
  await openTripTab(ada, world.tripId, 'checklist');
  const adaList = ada.getByRole('region', { name: 'Shared packing list' });
  await adaList.getByRole('textbox', { name: 'New item' }).fill('Sunscreen');
  await adaList.getByRole('textbox', { name: 'New item' }).press('Enter');
  await expect(adaList.getByTestId('packing-item-text')).toHaveText(['Sunscreen']);

  // Alone on the page: nobody shown, not even herself.
  const adaPresence = ada.getByTestId('trip-presence');
  await expect(adaPresence).toHaveCount(0);

  // Ben opens the trip: Ada sees him at once; he sees her.
  await openTripTab(ben.page, world.tripId, 'checklist');
  await expect(ada.getByRole('group', { name: 'Ben is here' })).toBeVisible(LIVE);
  await expect(adaPresence.getByTestId('trip-presence-member')).toHaveCount(1);
  await expect(ben.page.getByRole('group', { name: 'Ada is here' })).toBeVisible(LIVE);

  // Ben opens the editor of the item: Ada sees "Ben is editing" on it, until he closes it.
  const adaItem = adaList.getByTestId('packing-item').filter({ hasText: 'Sunscreen' });
  await ben.page.getByRole('button', { name: 'Rename Sunscreen' }).click();
  await expect(ben.page.getByRole('textbox', { name: 'New name for Sunscreen' })).toBeFocused();
  await expect(adaItem.getByTestId('editing-badge')).toHaveText('Ben is editing', LIVE);
  await ben.page.getByRole('textbox', { name: 'New name for Sunscreen' }).press('Escape');
  await expect(adaItem.getByTestId('editing-badge')).toHaveCount(0, LIVE);

  // Ben leaves the trip page: he is gone from Ada's header.
  await ben.page.getByRole('banner').getByRole('link', { name: 'trips', exact: true }).click();
  await expect(ben.page).toHaveURL(/\/trips$/);
  await expect(adaPresence).toHaveCount(0, LIVE);

  // Ben comes back. Offline, Ada sees nobody and sends nothing (nothing waits in the offline
  // queue); back online, her next heartbeat answers with Ben.
  await openTripTab(ben.page, world.tripId, 'checklist');
  await expect(ada.getByRole('group', { name: 'Ben is here' })).toBeVisible(LIVE);
  const presenceCalls: string[] = [];
  ada.on('request', (request) => {
    if (request.url().endsWith('/presence')) presenceCalls.push(request.method());
  });
  await ada.context().setOffline(true);
  await expect(adaPresence).toHaveCount(0);
  await ben.page.getByRole('button', { name: 'Rename Sunscreen' }).click();
  await expect(ben.page.getByRole('textbox', { name: 'New name for Sunscreen' })).toBeFocused();
  expect(presenceCalls).toEqual([]);
  await ada.context().setOffline(false);
  await expect(ada.getByRole('group', { name: 'Ben is here' })).toBeVisible(LIVE);
  await expect(adaItem.getByTestId('editing-badge')).toHaveText('Ben is editing', LIVE);
  expect(presenceCalls[0]).toBe('PUT');

  expect(problems.consoleErrors).toEqual([]);
  await ben.context.close();
});
