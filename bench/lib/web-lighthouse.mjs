/**
 * One Lighthouse run on one URL with one preset, in its own Debian Chromium (a fresh profile per
 * run: cold HTTP cache, no service worker). A signed-in run first writes the session into the
 * origin's localStorage through puppeteer-core, then lets Lighthouse navigate in that page;
 * Lighthouse 12 clears caches and service workers before it navigates, not localStorage.
 * Never downloads a browser: CHROMIUM_PATH or /usr/bin/chromium (scripts/chromium.ts).
 */
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { connectPuppeteer, launchChromium } from './web-chromium.mjs';

export const PRESETS = ['mobile', 'desktop'];
export const CATEGORIES = ['performance', 'accessibility', 'best-practices'];

/** undefined is Lighthouse's default config: the mobile preset (Moto G Power, slow 4G, 4× CPU). */
const configOf = (preset) => (preset === 'desktop' ? desktopConfig : undefined);

const score = (category) => (category?.score == null ? null : Math.round(category.score * 100));
const numeric = (audit) => (typeof audit?.numericValue === 'number' ? audit.numericValue : null);

/** The figures the bench reports, from one Lighthouse result (LHR). */
export function figuresOf(lhr) {
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  // Scripts of the page itself (not the service worker's precache fetches after load).
  const scripts = requests.filter(
    (r) => r.resourceType === 'Script' && (r.sessionTargetType ?? 'page') === 'page',
  );
  const failing = (categoryId) =>
    (lhr.categories[categoryId]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score !== null && lhr.audits[ref.id]?.score < 1)
      .map((ref) => {
        const audit = lhr.audits[ref.id];
        const items = audit.details?.items ?? [];
        const selectors = items
          .map((item) => item.node?.selector ?? item.node?.snippet)
          .filter(Boolean)
          .slice(0, 5);
        return { id: ref.id, title: audit.title, score: audit.score, selectors };
      });
  return {
    finalUrl: lhr.finalDisplayedUrl ?? lhr.finalUrl,
    performance: score(lhr.categories.performance),
    accessibility: score(lhr.categories.accessibility),
    bestPractices: score(lhr.categories['best-practices']),
    lcpMs: numeric(lhr.audits['largest-contentful-paint']),
    tbtMs: numeric(lhr.audits['total-blocking-time']),
    cls: numeric(lhr.audits['cumulative-layout-shift']),
    fcpMs: numeric(lhr.audits['first-contentful-paint']),
    scriptRequests: scripts.length,
    scriptTransferBytes: scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
    scriptResourceBytes: scripts.reduce((sum, r) => sum + (r.resourceSize ?? 0), 0),
    // Which files the first load fetched, in order: to see what a page's first render waits for.
    scripts: scripts.map((r) => ({
      file: new URL(r.url).pathname.split('/').pop(),
      kB: Math.round((r.transferSize ?? 0) / 100) / 10,
      startMs: Math.round(r.networkRequestTime ?? r.startTime ?? 0),
    })),
    // Lighthouse's own CPU benchmark of the machine (higher is faster): the mobile preset scales the
    // CPU time it observes, so scores only compare between runs with a similar index.
    benchmarkIndex:
      typeof lhr.environment?.benchmarkIndex === 'number' ? Math.round(lhr.environment.benchmarkIndex) : null,
    runWarnings: lhr.runWarnings ?? [],
    failing: {
      performance: failing('performance').map(({ id, title, score: s }) => ({ id, title, score: s })),
      accessibility: failing('accessibility'),
      bestPractices: failing('best-practices'),
    },
  };
}

/**
 * Runs Lighthouse on `url` with `preset` ('mobile' | 'desktop'). `storage` (key → string) is
 * written into the origin's localStorage first. Resolves to the figures (and the raw LHR when
 * `keepLhr`). The browser is closed whatever happens.
 */
export async function runLighthouse({ url, preset, storage, keepLhr = false, timeoutMs = 120_000 }) {
  const chrome = await launchChromium();
  let browser;
  const timer = setTimeout(() => chrome.kill(), timeoutMs);
  try {
    const flags = {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
    };
    let page;
    if (storage) {
      browser = await connectPuppeteer(chrome);
      page = await browser.newPage();
      // Any same-origin URL that is not the app itself: the API's health check.
      await page.goto(new URL('/api/health', url).toString());
      await page.evaluate((entries) => {
        for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
      }, storage);
    }
    const result = await lighthouse(url, flags, configOf(preset), page);
    if (!result?.lhr) throw new Error(`Lighthouse returned no result for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) {
      throw Object.assign(new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`), {
        lighthouseRuntimeError: lhr.runtimeError.code,
      });
    }
    return { ...figuresOf(lhr), ...(keepLhr ? { lhr } : {}) };
  } finally {
    clearTimeout(timer);
    await browser?.disconnect().catch(() => undefined);
    await chrome.kill();
  }
}

/**
 * `measure()`, tried a second time when Lighthouse reports a failure of its own recording (a
 * runtime error such as NO_NAVSTART: the trace was lost, the page was not measured). `onRetry`
 * hears of it; any other error, or a second failure, is thrown.
 */
export async function withOneRetry(measure, onRetry) {
  try {
    return await measure();
  } catch (error) {
    if (!error?.lighthouseRuntimeError) throw error;
    onRetry(error);
    return measure();
  }
}
