/**
 * Whether Chromium would offer to install the web app (SHELL-21): the manifest Chromium read for
 * `url` and the installability errors it reports (DevTools protocol `Page.getAppManifest`,
 * `Page.getInstallabilityErrors`). Lighthouse 12 no longer has an installability audit, so the
 * bench asks the browser directly. A fresh profile on disk (an incognito context is never
 * installable); Debian Chromium only (scripts/chromium.ts).
 */
import { existsSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import puppeteer from 'puppeteer-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../scripts/chromium.ts';

/** `{ manifestUrl, manifestErrors, installabilityErrors, installable }` for the page at `url`. */
export async function checkInstallable(url, { timeoutMs = 60_000 } = {}) {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`no Chromium at ${CHROMIUM_PATH} (set CHROMIUM_PATH)`);
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROMIUM_FLAGS,
    logLevel: 'silent',
    connectionPollInterval: 250,
    maxConnectionRetries: 120,
  });
  const timer = setTimeout(() => chrome.kill(), timeoutMs);
  let browser;
  try {
    browser = await puppeteer.connect({
      browserURL: `http://127.0.0.1:${chrome.port}`,
      defaultViewport: null,
    });
    const page = await browser.newPage();
    await page.goto(url, { waitUntil: 'load' });
    const cdp = await page.createCDPSession();
    const manifest = await cdp.send('Page.getAppManifest');
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    const manifestErrors = manifest.errors.filter((error) => error.critical).map((error) => error.message);
    return {
      manifestUrl: manifest.url || null,
      manifestErrors,
      installabilityErrors: installabilityErrors.map((error) =>
        [error.errorId, ...error.errorArguments.map((arg) => `${arg.name}=${arg.value}`)].join(' '),
      ),
      installable: Boolean(manifest.url) && manifestErrors.length === 0 && installabilityErrors.length === 0,
    };
  } finally {
    clearTimeout(timer);
    await browser?.disconnect().catch(() => undefined);
    await chrome.kill();
  }
}
