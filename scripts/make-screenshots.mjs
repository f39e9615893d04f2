/**
 * `node --import tsx scripts/make-screenshots.mjs [base URL]`: the web app manifest's screenshots
 * (apps/web/build/web-manifest.ts), taken in Debian Chromium from the real build of the home page,
 * signed out, cookies accepted, light theme: a phone (390 × 844, narrow) and a desktop
 * (1366 × 900, wide). Start the server first (e.g. `E2E_PORT=3203 node scripts/e2e-server.mjs`,
 * base URL http://localhost:3203). Writes apps/web/public/screenshots/home-{narrow,wide}.png,
 * reduced to a palette so each stays well under 300 kB; commit them.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import sharp from 'sharp';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.ts';

const base = process.argv[2] ?? 'http://localhost:3203';
const outDir = fileURLToPath(new URL('../apps/web/public/screenshots/', import.meta.url));
const SHOTS = [
  { name: 'home-narrow.png', width: 390, height: 844, isMobile: true },
  { name: 'home-wide.png', width: 1366, height: 900, isMobile: false },
];

mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
try {
  for (const shot of SHOTS) {
    const context = await browser.newContext({
      viewport: { width: shot.width, height: shot.height },
      isMobile: shot.isMobile,
      hasTouch: shot.isMobile,
      colorScheme: 'light',
      reducedMotion: 'reduce',
    });
    const page = await context.newPage();
    await page.goto(base);
    await page.getByRole('button', { name: 'Accept' }).click();
    // The title phase (1.5 s), then the suggestion cards and their images.
    await page.getByText('suggestions for you:').waitFor();
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1000);
    const png = await page.screenshot();
    const file = join(outDir, shot.name);
    const info = await sharp(png)
      .png({ palette: true, quality: 90, compressionLevel: 9, effort: 10 })
      .toFile(file);
    console.log(`${file}: ${info.width}×${info.height}, ${info.size} bytes`);
    await context.close();
  }
} finally {
  await browser.close();
}
