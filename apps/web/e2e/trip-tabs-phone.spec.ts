import { expect, logIn, seedTravelWorld, test } from './fixtures.ts';

/** The trip's tabs scroll sideways on a phone: a page opened on its last tab shows that tab. */
test('[HISTORY-31] on a phone a trip opened on its last tab (history) has that tab in view', async ({
  page,
  request,
}) => {
  const world = await seedTravelWorld(request, 'shots-tabs');
  await page.setViewportSize({ width: 390, height: 844 });
  await logIn(page, world.owner.email, world.owner.password, `/trips/${world.tripId}?tab=history`);
  await expect(page.getByRole('tab', { name: 'history' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'history' })).toBeInViewport({ ratio: 1 });
});
