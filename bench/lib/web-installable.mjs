/**
 * Whether Chromium would offer to install the web app (SHELL-21): the manifest Chromium read for
 * `url` and the installability errors it reports (DevTools protocol `Page.getAppManifest`,
 * `Page.getInstallabilityErrors`). Lighthouse 12 no longer has an installability audit, so the
 * bench asks the browser directly. A fresh profile on disk (an incognito context is never
 * installable); Debian Chromium only (scripts/chromium.ts).
 */
import { connectPuppeteer, launchChromium } from './web-chromium.mjs';

/** `{ manifestUrl, manifestErrors, installabilityErrors, installable }` for the page at `url`. */
export async function checkInstallable(url, { timeoutMs = 60_000 } = {}) {
  const chrome = await launchChromium();
  const timer = setTimeout(() => chrome.kill(), timeoutMs);
  let browser;
  try {
    browser = await connectPuppeteer(chrome);
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
