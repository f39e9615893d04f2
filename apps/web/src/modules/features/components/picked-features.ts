import { useCallback, useSyncExternalStore } from 'react';

/** localStorage key of the picked features: a map from place id to feature ids (SPEC §3). */
export const PICKED_FEATURES_KEY = 'picked-features';
export const NO_PLACE_ID = 'no placeId';

export type PickedFeatures = Record<string, string[]>;

const listeners = new Set<() => void>();

export function readPicked(): PickedFeatures {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(PICKED_FEATURES_KEY) ?? '{}');
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
    const result: PickedFeatures = {};
    for (const [placeId, ids] of Object.entries(value)) {
      if (Array.isArray(ids)) result[placeId] = ids.filter((id): id is string => typeof id === 'string');
    }
    return result;
  } catch {
    return {};
  }
}

/** Adds the feature to the place's picked list, or removes it when already there. Throws 'no placeId'. */
export function togglePicked(placeId: string | null | undefined, featureId: string): string[] {
  if (!placeId) throw new Error(NO_PLACE_ID);
  const all = readPicked();
  const current = all[placeId] ?? [];
  const next = current.includes(featureId)
    ? current.filter((id) => id !== featureId)
    : [...current, featureId];
  all[placeId] = next;
  localStorage.setItem(PICKED_FEATURES_KEY, JSON.stringify(all));
  listeners.forEach((listener) => listener());
  return next;
}

/** Forgets the picks of one place (once its trip is created); the other places' picks stay. */
export function clearPicked(placeId: string): void {
  const all = readPicked();
  if (!(placeId in all)) return;
  delete all[placeId];
  localStorage.setItem(PICKED_FEATURES_KEY, JSON.stringify(all));
  listeners.forEach((listener) => listener());
}

const EMPTY: string[] = [];
let snapshotRaw: string | null = null;
let snapshot: PickedFeatures = {};

function currentSnapshot(): PickedFeatures {
  const raw = localStorage.getItem(PICKED_FEATURES_KEY);
  if (raw !== snapshotRaw) {
    snapshotRaw = raw;
    snapshot = readPicked();
  }
  return snapshot;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === PICKED_FEATURES_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The picked feature ids of a place (kept in localStorage, survives a reload) and the toggle. */
export function usePickedFeatures(placeId: string | null | undefined): {
  picked: string[];
  toggle: (featureId: string) => void;
} {
  const all = useSyncExternalStore(subscribe, currentSnapshot, () => ({}) as PickedFeatures);
  const picked = (placeId ? all[placeId] : undefined) ?? EMPTY;
  const toggle = useCallback(
    (featureId: string) => {
      togglePicked(placeId, featureId);
    },
    [placeId],
  );
  return { picked, toggle };
}
