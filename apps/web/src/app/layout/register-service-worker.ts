import { Workbox } from 'workbox-window';

let registered = false;

/**
 * Registers the service worker emitted by vite-plugin-pwa at /sw.js (SPEC §1). Only in production
 * builds and only in browsers that support it; no inline script is involved (CSP script-src 'self').
 */
export function registerServiceWorker(): Workbox | null {
  if (registered || !import.meta.env.PROD) return null;
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return null;
  registered = true;
  const workbox = new Workbox('/sw.js', { scope: '/' });
  workbox.register().catch((error: unknown) => console.error('Service worker registration failed', error));
  return workbox;
}
