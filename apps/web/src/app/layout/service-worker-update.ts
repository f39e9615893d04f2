/**
 * A new version of the app, waiting (SPEC §1 service worker): the new worker installs beside the
 * running one and waits; the page keeps running on the old worker's precache, so old and new
 * chunks never mix. The update prompt (update-prompt.tsx) offers the reload; accepting it posts
 * SKIP_WAITING to the waiting worker and reloads the page once the new worker controls it.
 */

/** What the update flow needs of workbox-window's `Workbox` (the tests pass a fake). */
export interface UpdatableWorkbox {
  addEventListener(type: 'waiting' | 'controlling', listener: () => void): void;
  messageSkipWaiting(): void;
}

/** Activates the waiting version, then reloads the page into it. */
export type ApplyUpdate = () => void;

let pending: ApplyUpdate | null = null;
const listeners = new Set<() => void>();

function setPending(next: ApplyUpdate | null): void {
  pending = next;
  for (const listener of listeners) listener();
}

/** For useSyncExternalStore: called whenever a version starts or stops waiting. */
export function subscribeToUpdate(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The waiting version's `apply`, or null while the running version is the newest. */
export function getPendingUpdate(): ApplyUpdate | null {
  return pending;
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
    setPending(() => {
      if (accepted) return;
      accepted = true;
      // Another tab may have activated it already: then this page only has to reload.
      if (controlledByNewVersion) reload();
      else wb.messageSkipWaiting();
    });
  });
}

/** Forgets the waiting version (tests). */
export function resetPendingUpdate(): void {
  setPending(null);
}
