/**
 * What this tab is editing on each trip, as the presence heartbeat announces it: the editors that
 * are open (useEditingPresence) push their key while mounted; the newest open one is announced.
 * Kept in memory only, for this tab: the server keeps one "editing" per member and trip.
 */

const open = new Map<string, string[]>();
const listeners = new Set<(tripId: string) => void>();

function changed(tripId: string): void {
  for (const listener of listeners) listener(tripId);
}

/** An editor on `key` is open on `tripId` until the returned function is called. */
export function startEditing(tripId: string, key: string): () => void {
  const keys = [...(open.get(tripId) ?? []), key];
  open.set(tripId, keys);
  changed(tripId);
  let stopped = false;
  return () => {
    if (stopped) return;
    stopped = true;
    const left = [...(open.get(tripId) ?? [])];
    left.splice(left.lastIndexOf(key), 1);
    if (left.length > 0) open.set(tripId, left);
    else open.delete(tripId);
    changed(tripId);
  };
}

/** The key this tab announces for `tripId`: its newest open editor, or null. */
export function currentEditing(tripId: string): string | null {
  return open.get(tripId)?.at(-1) ?? null;
}

/** Calls `listener` with the trip whenever what this tab edits on it changes. */
export function subscribeEditing(listener: (tripId: string) => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
