import { acceptCookiesByClick, expect, test } from './fixtures.ts';

test('[SHELL-11][SHELL-22] at mobile width the hamburger opens the links in a 2-column grid, without overflow', async ({
  page,
  problems,
}) => {
  await page.goto('/');
  await acceptCookiesByClick(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.getByRole('button', { name: /menu/i }).click();
  const grid = page.getByTestId('mobile-menu');
  await expect(grid).toBeVisible();
  const columns = await grid.evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);
  expect(columns).toBe(2);
  await expect(grid.getByRole('link', { name: /trips/i })).toBeVisible();
  expect(problems.cspViolations).toEqual([]);
  expect(problems.consoleErrors).toEqual([]);
});
