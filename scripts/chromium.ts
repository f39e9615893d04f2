/**
 * The Debian Chromium that the browser tests (apps/web/playwright.config.ts) and the page-speed
 * bench (bench/lib/web-lighthouse.mjs) launch: CHROMIUM_PATH or /usr/bin/chromium, never a
 * downloaded browser.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

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
