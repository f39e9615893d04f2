import { apiUser, expect, logIn, seedTravelWorld, test } from './fixtures.ts';

/**
 * Issue 35, "dates never lose a plan silently": new dates that leave planned stops without a day
 * ask first; shifting the plan keeps every stop on its day of the trip.
 */

const plus = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

test('[PLANNER-11] moving the trip a week later asks first, and shifting keeps each stop on its day of the trip', async ({
  page,
  request,
  problems,
}) => {
  const world = await seedTravelWorld(request, 'trip-dates');
  const api = await apiUser(request, world.owner.email, world.owner.password);
  const planner = (await (await api.call('GET', `/core/trips/${world.tripId}/planner`)).json()) as {
    days: Array<{ date: string }>;
    tray: Array<{ _id: string; feature: { title: string } | null }>;
  };
  const [first, second] = planner.tray;
  const days = planner.days.map((d) => d.date);
  const move = (itemId: string, date: string) =>
    api.call('POST', `/core/trips/${world.tripId}/planner/items/${itemId}/move`, { date, index: 0 });
  expect((await move(first!._id, days[0]!)).status()).toBe(200);
  expect((await move(second!._id, days[1]!)).status()).toBe(200);

  await logIn(page, world.owner.email, world.owner.password, `/trips/${world.tripId}?tab=planner`);
  const dayOne = page.getByRole('region', { name: /^Day 1/ });
  await expect(dayOne.getByText(first!.feature!.title)).toBeVisible();

  await page.getByRole('button', { name: /Trip dates/ }).click();
  await page.getByLabel('start date').fill(plus(days[0]!, 7));
  await page.getByLabel('end date').fill(plus(days.at(-1)!, 7));
  await page.getByRole('button', { name: 'Save dates' }).click();
  const dialog = page.getByRole('dialog', { name: 'Your plan has stops on days outside the new dates' });
  await expect(dialog).toContainText('2 planned stops are on days the new dates leave out.');
  // The same length: shifting is the first choice, focused.
  const shift = dialog.getByRole('button', { name: 'Shift the plan with the dates' });
  await expect(shift).toBeFocused();
  await shift.click();
  await expect(dialog).toBeHidden();

  // Day 1 and day 2 keep their stops, now a week later; nothing went to the tray.
  await expect(page.getByTestId('trip-dates')).toContainText(
    plus(days[0]!, 7).split('-').reverse().join('/'),
  );
  await expect(dayOne.getByText(first!.feature!.title)).toBeVisible();
  await expect(page.getByRole('region', { name: /^Day 2/ }).getByText(second!.feature!.title)).toBeVisible();
  const after = (await (await api.call('GET', `/core/trips/${world.tripId}/planner`)).json()) as {
    days: Array<{ date: string; items: Array<{ _id: string }> }>;
  };
  expect(after.days.slice(0, 2).map((d) => [d.date, d.items.map((i) => i._id)])).toEqual([
    [plus(days[0]!, 7), [first!._id]],
    [plus(days[1]!, 7), [second!._id]],
  ]);
  expect(problems.consoleErrors).toEqual([]);
  expect(problems.cspViolations).toEqual([]);
});
