import type { Locator, Page } from '@playwright/test';
import { placePath } from '../src/lib/place-path.ts';
import { acceptCookiesByClick, expect, test } from './fixtures.ts';

test.use({ viewport: { width: 390, height: 844 } });

/** Whether the point at the middle of `target` hits `target` itself (nothing lies over it). */
async function isOnTop(page: Page, target: Locator): Promise<boolean> {
  const box = await target.boundingBox();
  if (!box) return false;
  const handle = await target.elementHandle();
  return page.evaluate(
    ({ x, y, element }) => {
      const hit = document.elementFromPoint(x, y);
      return hit !== null && element !== null && (hit === element || element.contains(hit));
    },
    { x: box.x + box.width / 2, y: box.y + box.height / 2, element: handle },
  );
}

test("at 390 px 'Trip create' covers neither the last card nor the footer links", async ({
  page,
  problems,
}) => {
  const answer = await page.request.get('/api/core/places/autocomplete?q=Lisbon');
  const [lisbon] = (await answer.json()) as Parameters<typeof placePath>[0][];
  expect(lisbon).toBeDefined();
  await page.goto(placePath(lisbon!));
  await acceptCookiesByClick(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Lisbon' })).toBeVisible();

  // Scroll to the end until every feature is loaded (the grid loads more near the bottom).
  await expect(page.getByTestId('features-total')).toHaveText(/total: [1-9]/);
  const total = Number((await page.getByTestId('features-total').textContent())?.replace(/\D/g, ''));
  expect(total).toBeGreaterThan(0);
  const cards = page.getByTestId('feature-card');
  await expect(async () => {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    expect(await cards.count()).toBe(total);
  }).toPass({ timeout: 30_000 });
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));

  const button = page.getByRole('button', { name: 'Trip create' });
  await expect(button).toBeVisible();
  const footer = page.locator('footer').last();
  for (const name of ['terms of service', 'about', 'need help?']) {
    const link = footer.getByRole('link', { name });
    await link.scrollIntoViewIfNeeded();
    await expect.poll(() => isOnTop(page, link), { message: `${name} is not covered` }).toBe(true);
    const linkBox = (await link.boundingBox())!;
    const buttonBox = (await button.boundingBox())!;
    const overlaps =
      linkBox.x < buttonBox.x + buttonBox.width &&
      buttonBox.x < linkBox.x + linkBox.width &&
      linkBox.y < buttonBox.y + buttonBox.height &&
      buttonBox.y < linkBox.y + linkBox.height;
    expect(overlaps, `'Trip create' over '${name}'`).toBe(false);
  }

  // The last card's text is readable: its title is on top at the end of the page.
  const lastTitle = cards.last().getByRole('heading');
  await lastTitle.scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(() => isOnTop(page, lastTitle)).toBe(true);
  await expect.poll(() => isOnTop(page, page.getByTestId('features-total'))).toBe(true);

  expect(problems.consoleErrors).toEqual([]);
  expect(problems.cspViolations).toEqual([]);
});
