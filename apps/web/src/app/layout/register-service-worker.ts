/** How long after the page's load event the service worker is registered. */
export const SERVICE_WORKER_DELAY_MS = 3000;

let registered = false;

/**
 * Runs `task` once the page has loaded, `delayMs` later and when the browser is idle: work that
 * must not compete with the first screen (its script, data and images) for the network or the CPU.
 */
export function afterPageSettles(task: () => void, delayMs: number, win: Window = window): void {
  const whenIdle = () => {
    if (typeof win.requestIdleCallback === 'function')
      win.requestIdleCallback(() => task(), { timeout: 2000 });
    else task();
  };
  const later = () => win.setTimeout(whenIdle, delayMs);
  if (win.document.readyState === 'complete') later();
  else win.addEventListener('load', later, { once: true });
}

/**
 * Registers the service worker emitted by vite-plugin-pwa at /sw.js (SPEC §1). Only in production
 * builds and only in browsers that support it; no inline script is involved (CSP script-src 'self').
 *
 * Registration waits until the page has settled (PERF-07): installing the worker downloads the
 * whole app shell for offline use, which on a phone would otherwise share the network with the
 * first screen's data and images. workbox-window itself is loaded then, not in the first download.
 *
 * A later version waits until the user accepts the update prompt (watch-for-updates.ts).
 */
export function registerServiceWorker(): void {
  if (registered || !import.meta.env.PROD) return;
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  registered = true;
  afterPageSettles(() => {
    Promise.all([import('workbox-window'), import('./watch-for-updates.ts')])
      .then(([{ Workbox }, { checkForUpdatesWhenVisible, listenForUpdates }]) => {
        const wb = new Workbox('/sw.js', { scope: '/' });
        listenForUpdates(wb);
        checkForUpdatesWhenVisible(() => wb.update());
        return wb.register();
      })
      .catch((error: unknown) => console.error('Service worker registration failed', error));
  }, SERVICE_WORKER_DELAY_MS);
}
