/**
 * A new version of the app, waiting (SPEC §1 service worker): the new worker installs beside the
 * running one and waits; the page keeps running on the old worker's precache, so old and new
 * chunks never mix. The update prompt (update-prompt.tsx) offers the reload; accepting it posts
 * SKIP_WAITING to the waiting worker and reloads the page once the new worker controls it.
 *
 * This file is the state the prompt reads (in the first download); watch-for-updates.ts, loaded
 * with workbox-window when the worker is registered, fills it.
 */

/** Activates the waiting version, then reloads the page into it. */
export type ApplyUpdate = () => void;

let pending: ApplyUpdate | null = null;
const listeners = new Set<() => void>();

/** Publishes the waiting version's `apply` (watch-for-updates.ts), or null once none waits. */
export function setPendingUpdate(next: ApplyUpdate | null): void {
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

/** Forgets the waiting version (tests). */
export function resetPendingUpdate(): void {
  setPendingUpdate(null);
}
