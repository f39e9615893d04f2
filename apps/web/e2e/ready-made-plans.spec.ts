import { apiUser, expect, logIn, makeCrew, registerAccount, screenshots, test } from './fixtures.ts';

// The reader is in New York; the plan's times are Lisbon's, whatever the browser's zone.
test.use({ timezoneId: 'America/New_York' });

/**
 * A home suggestion is a plan: its card opens the days with their times; "Use this plan" asks for
 * the first day and who comes along, then makes the trip with its days filled in, in order.
 */
test('[PLANS-E2E-01] a suggestion opens its ready-made plan, and "Use this plan" makes the trip with its days planned', async ({
  page,
  problems,
}) => {
  const ana = await registerAccount(page.request, { label: 'plan-ana', name: 'Ana' });
  const bo = await registerAccount(page.request, { label: 'plan-bo', name: 'Bo', lastName: 'Stone' });
  await makeCrew(
    await apiUser(page.request, ana.email, ana.password),
    await apiUser(page.request, bo.email, bo.password),
  );
  await logIn(page, ana.email, ana.password);

  const card = page.getByTestId('suggestion-card').filter({ hasText: 'Lisbon' });
  await card.getByTestId('suggestion-plan-link').click();
  await expect(page).toHaveURL(/\/plans\//);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Lisbon');
  const days = page.getByTestId('plan-day');
  await expect(days).toHaveCount(3);
  await expect(days.first().getByRole('heading')).toHaveText(/^Day 1: /);
  // The first stop is at the day's start, in Lisbon's time.
  const firstTime = await days.first().getByTestId('plan-stop').first().locator('span').first().textContent();
  expect(firstTime).toMatch(/^\d\d:\d\d$/);
  const titles = await days.evaluateAll((list) =>
    list.map((day) =>
      [...day.querySelectorAll('[data-testid="plan-stop"]')].map(
        (stop) => stop.querySelector('span:nth-child(2)')?.textContent ?? '',
      ),
    ),
  );
  await screenshots(page, 'plan-page');

  // Companions from the crew, then one click.
  await page.getByRole('button', { name: 'Crew: nobody chosen' }).click();
  await page.getByRole('button', { name: /Bo Stone/ }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Use this plan' }).click();
  await expect(page).toHaveURL(/\/trips\/[0-9a-f-]+/);

  // The planner has the plan's days, in its order.
  await page.goto(`${new URL(page.url()).pathname}?tab=planner`);
  const plannerDays = page.getByTestId('planner-day');
  await expect(plannerDays).toHaveCount(3);
  for (const [index, stops] of titles.entries()) {
    await expect(plannerDays.nth(index).getByTestId('planner-item-title')).toHaveText(stops);
  }
  expect(problems.consoleErrors).toEqual([]);
  expect(problems.cspViolations).toEqual([]);
});
