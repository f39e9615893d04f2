import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_FLAGS, JOURNEY_CHROMIUM_PATH } from '../../../scripts/chromium.ts';
import { expect, test } from './fixtures.ts';

interface InstallabilityErrors {
  installabilityErrors: Array<{ errorId: string; errorArguments: unknown[] }>;
}

test('[SHELL-21] Chromium finds the app installable: its manifest parses and no installability error remains', async ({
  baseURL,
}) => {
  // A profile on disk: Chromium never offers installation in an incognito context, which is what
  // Playwright's own contexts are ("in-incognito" would be the only error).
  const profile = mkdtempSync(join(tmpdir(), 'tripcrew-installable-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: JOURNEY_CHROMIUM_PATH,
    args: CHROMIUM_FLAGS,
    baseURL,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/');
    await expect(page.locator('header').first()).toBeVisible();
    const cdp = await context.newCDPSession(page);
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
    expect(manifest.errors).toEqual([]);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as InstallabilityErrors;
    expect(installabilityErrors).toEqual([]);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});
