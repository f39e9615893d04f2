/** Safe access to localStorage / sessionStorage: never throws (private mode, quota, SSR). */
export type StorageKind = 'local' | 'session';

function resolve(kind: StorageKind): Storage | null {
  try {
    if (typeof window === 'undefined') return null;
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

export function readItem(kind: StorageKind, key: string): string | null {
  try {
    return resolve(kind)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Returns false when the value could not be written. */
export function writeItem(kind: StorageKind, key: string, value: string): boolean {
  try {
    const storage = resolve(kind);
    if (!storage) return false;
    storage.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

export function removeItem(kind: StorageKind, key: string): void {
  try {
    resolve(kind)?.removeItem(key);
  } catch {
    // storage unavailable: nothing to remove
  }
}

export function clearStorage(kind: StorageKind): void {
  try {
    resolve(kind)?.clear();
  } catch {
    // storage unavailable: nothing to clear
  }
}

/** Keys currently present in the given storage. */
export function storageKeys(kind: StorageKind): string[] {
  try {
    const storage = resolve(kind);
    if (!storage) return [];
    const keys: string[] = [];
    for (let index = 0; index < storage.length; index += 1) {
      const key = storage.key(index);
      if (key !== null) keys.push(key);
    }
    return keys;
  } catch {
    return [];
  }
}

/** Parsed JSON value, or undefined when missing or not valid JSON. The caller validates the shape. */
export function readJson(kind: StorageKind, key: string): unknown {
  const raw = readItem(kind, key);
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

export function writeJson(kind: StorageKind, key: string, value: unknown): boolean {
  try {
    return writeItem(kind, key, JSON.stringify(value));
  } catch {
    return false;
  }
}
