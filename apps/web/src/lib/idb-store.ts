/**
 * The web app's one way into IndexedDB, on the `idb` library: a key–value store for the offline
 * query cache (decision 015) and the database of the offline write queue (decision 016). Loaded
 * only by the chunks that need it (never by the first download).
 */
import { type IDBPDatabase, openDB } from 'idb';

export type { IDBPDatabase };

export interface KeyValueStore<T> {
  get(key: string): Promise<T | undefined>;
  set(key: string, value: T): Promise<void>;
  delete(key: string): Promise<void>;
  keys(): Promise<string[]>;
  clear(): Promise<void>;
}

/**
 * Opens database `name` at `version`, running `upgrade` when it is new or older. Another tab
 * upgrading or deleting it closes this connection; the next call opens it again.
 */
export function databaseOpener(
  name: string,
  version: number,
  upgrade: (db: IDBPDatabase) => void,
): () => Promise<IDBPDatabase> {
  let opening: Promise<IDBPDatabase> | null = null;
  return () =>
    (opening ??= openDB(name, version, {
      upgrade: (db) => upgrade(db),
      blocking: (_current, _next, event) => {
        (event.target as IDBDatabase | null)?.close();
        opening = null;
      },
      terminated: () => {
        opening = null;
      },
    }).catch((error: unknown) => {
      opening = null;
      throw error;
    }));
}

/** The store `storeName` of database `dbName` (created on first use), or null without IndexedDB. */
export function openKeyValueStore<T>(dbName: string, storeName: string): KeyValueStore<T> | null {
  if (typeof indexedDB === 'undefined') return null;
  const db = databaseOpener(dbName, 1, (database) => {
    if (!database.objectStoreNames.contains(storeName)) database.createObjectStore(storeName);
  });
  return {
    get: async (key) => (await db()).get(storeName, key) as Promise<T | undefined>,
    set: async (key, value) => {
      await (await db()).put(storeName, value, key);
    },
    delete: async (key) => (await db()).delete(storeName, key),
    keys: async () => (await (await db()).getAllKeys(storeName)).map(String),
    clear: async () => (await db()).clear(storeName),
  };
}
