import { test as base, expect, type Page } from '@playwright/test';

/** Collects console errors, page errors and CSP violations so every journey can assert there were none. */
export interface PageProblems {
  consoleErrors: string[];
  cspViolations: string[];
}

function watch(page: Page): PageProblems {
  const problems: PageProblems = { consoleErrors: [], cspViolations: [] };
  page.on('console', (message) => {
    const text = message.text();
    if (/Content[- ]Security[- ]Policy/i.test(text)) problems.cspViolations.push(text);
    else if (message.type() === 'error') problems.consoleErrors.push(text);
  });
  page.on('pageerror', (error) => problems.consoleErrors.push(`pageerror: ${error.message}`));
  return problems;
}

export const test = base.extend<{ problems: PageProblems }>({
  problems: async ({ page }, use) => {
    await use(watch(page));
  },
});

/** Clicks Accept on the cookie overlay when it shows, so it does not cover what a test clicks. */
export async function acceptCookiesByClick(page: Page): Promise<void> {
  const accept = page.getByRole('button', { name: 'Accept' });
  await page.locator('footer').first().waitFor();
  if (await accept.isVisible().catch(() => false)) await accept.click();
  await expect(accept).toHaveCount(0);
}

export { expect };
