import { existsSync } from 'node:fs';

/**
 * The Debian Chromium that the page-speed bench (bench/lib/web-lighthouse.mjs), the screenshots
 * script and the map bench launch: CHROMIUM_PATH or /usr/bin/chromium, never a downloaded browser.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's `chromium-headless-shell`: the same Chromium built as the old headless browser. */
export const HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell';

/**
 * The browser the journeys drive (apps/web/playwright.config.ts, decision 034): Debian's headless
 * shell when it is installed — the browser Playwright itself runs headless tests in, at 40 % less
 * CPU than the full browser's headless mode — else the full Chromium. CHROMIUM_PATH, when set,
 * chooses for both.
 */
export const JOURNEY_CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : CHROMIUM_PATH);

/** Headless, without a sandbox, GPU or Chromium's own background traffic. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
