import { expect, pickFeaturesIn, signUpAndLogIn, test } from './fixtures.ts';

/**
 * Trips on a small screen: the planner is a vertical list and every move works without dragging
 * (the per-item move menu, PLANNER-07); My trips lists the trip as a card.
 */
test('[PLANNER-05][PLANNER-07][TRIP-19] small screen: planner as a list, moves by the move menu, my trips', async ({
  page,
  problems,
}) => {
  await signUpAndLogIn(page, 'trips-mobile');
  const [name] = await pickFeaturesIn(page, 'Lisbon', 1);
  await page.getByRole('button', { name: 'Trip create' }).click();
  await expect(page).toHaveURL(/\/trips\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('trip-features').getByRole('heading', { name })).toBeVisible();

  await page.getByRole('tab', { name: 'planner' }).click();
  const days = page.getByTestId('planner-day');
  await expect(days.first()).toBeVisible();
  // One column under the other.
  const first = (await days.nth(0).boundingBox())!;
  const second = (await days.nth(1).boundingBox())!;
  expect(second.y).toBeGreaterThan(first.y + first.height - 1);
  expect(Math.abs(second.x - first.x)).toBeLessThan(2);

  // Keyboard-style move: the move menu, day 1.
  await page.getByRole('button', { name: `Move ${name}` }).click();
  const saved = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' && /\/planner\/items\/[^/]+\/move$/.test(response.url()),
  );
  await page.getByRole('menuitem', { name: /^To Day 1 / }).click();
  await expect(days.nth(0).getByTestId('planner-item-title')).toHaveText([name!]);
  // Reloaded once the server has the move (shown at once, it is still on its way until then).
  expect((await saved).status()).toBe(200);
  await page.reload();
  await expect(page.getByTestId('planner-day').nth(0).getByTestId('planner-item-title')).toHaveText([name!]);

  await page.goto('/trips');
  await expect(page.getByTestId('trip-card')).toHaveCount(1);
  await page.getByTestId('trip-card').getByRole('link').click();
  await expect(page).toHaveURL(/\/trips\/[0-9a-f-]{36}$/);

  expect(problems.consoleErrors).toEqual([]);
  expect(problems.cspViolations).toEqual([]);
});
