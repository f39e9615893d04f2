import { acceptCookiesByClick, expect, test } from './fixtures.ts';

/**
 * Catalogue journey (desktop): search a city, open its place screen, scroll until every feature is
 * loaded, pick three features and keep them after a reload, set dates and transport in the URL.
 */
test('[SEARCH-07][PLACE-13][PLACE-14][BAR-02][BAR-05] search, scroll, pick, reload, trip options', async ({
  page,
  problems,
}) => {
  await page.goto('/');
  await acceptCookiesByClick(page);
  await expect(page.getByRole('heading', { name: 'suggestions for you:' })).toBeVisible();

  // The modal's field for small screens is in the DOM too (hidden by CSS): take the visible one.
  const field = page.getByPlaceholder('where do you want to be?').filter({ visible: true }).first();
  await field.fill('Lisbon');
  // No Enter here: when the debounced search has already answered, its first result is the
  // active option and Enter would choose it (Enter searching at once is SEARCH-04's unit test).
  const option = page.getByRole('option', { name: /Lisbon/ }).first();
  await expect(option).toBeVisible();
  await option.click();

  await expect(page).toHaveURL(/\/place\/portugal\/city\/.*lisbon\?place=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Lisbon' })).toBeVisible();
  await expect(page.getByTestId('feature-card').first()).toBeVisible();

  // Scroll until 'total: N' matches the number of cards.
  const totalText = page.getByTestId('features-total');
  await expect(totalText).not.toHaveText('total: 0');
  const total = Number((await totalText.textContent())?.replace('total: ', ''));
  expect(total).toBeGreaterThanOrEqual(15);
  // Each scroll waits for the next page of cards, not for a fixed pause.
  await expect(async () => {
    await page.mouse.wheel(0, 20_000);
    await expect(page.getByTestId('feature-card')).toHaveCount(total, { timeout: 2_000 });
  }).toPass({ timeout: 45_000 });
  await expect(page.getByTestId('feature-card')).toHaveCount(total);

  // Pick three features; they survive a reload.
  const pickButtons = page.getByRole('button', { name: /^Pick / });
  const names: string[] = [];
  for (let i = 0; i < 3; i++) {
    const button = pickButtons.nth(i);
    names.push(((await button.getAttribute('aria-label')) ?? '').replace(/^Pick /, ''));
  }
  for (const name of names) await page.getByRole('button', { name: `Pick ${name}`, exact: true }).click();
  for (const name of names)
    await expect(page.getByRole('button', { name: `Unpick ${name}`, exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  await page.reload();
  for (const name of names)
    await expect(page.getByRole('button', { name: `Unpick ${name}`, exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

  // Trip options: transport and dates in the URL.
  await page.getByRole('button', { name: 'Trip options' }).click();
  await page.getByRole('button', { name: /Transport: private/ }).click();
  await expect(page).toHaveURL(/transportMode=public/);
  await page.getByTestId('date-range-label').click();
  await page.getByLabel('days from now').fill('10');
  await page.getByLabel('nights').fill('4');
  // The draft reaches the URL a moment later (written back after the store changes).
  const nightsInUrl = () => {
    const url = new URL(page.url());
    const start = url.searchParams.get('start');
    const end = url.searchParams.get('end');
    if (!start || !/^\d{4}-\d{2}-\d{2}$/.test(start) || !end || !/^\d{4}-\d{2}-\d{2}$/.test(end)) return null;
    return (new Date(end).getTime() - new Date(start).getTime()) / 86_400_000;
  };
  await expect.poll(nightsInUrl).toBe(4);

  expect(problems.consoleErrors).toEqual([]);
  expect(problems.cspViolations).toEqual([]);
});
