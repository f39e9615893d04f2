import { setPendingUpdate } from './service-worker-update.ts';

/** What the update flow needs of workbox-window's `Workbox` (the tests pass a fake). */
export interface UpdatableWorkbox {
  addEventListener(type: 'waiting' | 'controlling', listener: () => void): void;
  messageSkipWaiting(): void;
}

/**
 * Listens to `wb` for a waiting version (also one found waiting at registration) and publishes
 * its `apply`. Accepting it twice does nothing more. Once the new worker controls the page (after
 * the user accepted, here or in another tab), the page reloads; until the user accepts it does
 * not, so nothing typed is lost. `reload` is the page's reload (a parameter for the tests).
 */
export function listenForUpdates(wb: UpdatableWorkbox, reload: () => void = () => window.location.reload()) {
  let accepted = false;
  let controlledByNewVersion = false;
  wb.addEventListener('controlling', () => {
    controlledByNewVersion = true;
    if (accepted) reload();
  });
  wb.addEventListener('waiting', () => {
    accepted = false;
    controlledByNewVersion = false;
    setPendingUpdate(() => {
      if (accepted) return;
      accepted = true;
      // Another tab may have activated it already: then this page only has to reload.
      if (controlledByNewVersion) reload();
      else wb.messageSkipWaiting();
    });
  });
}

/** How long an open page goes without asking the server whether a new version exists. */
export const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

/**
 * The browser looks for a new worker when the app is navigated to, which a tab kept open for days
 * seldom is: when the page becomes visible again and the last check is older than an hour, `update`
 * (the Workbox's) checks once more. A failed check (offline) waits for the next time.
 */
export function checkForUpdatesWhenVisible(
  update: () => Promise<unknown>,
  doc: Document = document,
  now: () => number = Date.now,
): void {
  let lastCheck = now();
  doc.addEventListener('visibilitychange', () => {
    if (doc.visibilityState !== 'visible' || now() - lastCheck < UPDATE_CHECK_INTERVAL_MS) return;
    lastCheck = now();
    update().catch(() => undefined);
  });
}
