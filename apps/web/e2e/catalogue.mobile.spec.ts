import { acceptCookiesByClick, expect, test } from './fixtures.ts';

test('[SEARCH-05] on a small screen the location search opens in a modal', async ({ page, problems }) => {
  await page.goto('/');
  await acceptCookiesByClick(page);
  await page.getByTestId('location-search-opener').click();
  const dialog = page.getByRole('dialog', { name: 'Search your location' });
  await expect(dialog).toBeVisible();
  const field = dialog.getByPlaceholder('where do you want to be?');
  await field.fill('Lisbon');
  const option = dialog.getByRole('option', { name: /Lisbon/ }).first();
  await expect(option).toBeVisible();
  await option.click();
  await expect(page).toHaveURL(/\/place\/portugal\/city\/.*lisbon\?place=/);
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Lisbon' })).toBeVisible();
  expect(problems.consoleErrors).toEqual([]);
  expect(problems.cspViolations).toEqual([]);
});
