/**
 * A small key–value store on IndexedDB (one database, one object store): what the offline query
 * cache needs and nothing more. Values are stored by structured clone. Every call opens its own
 * transaction; transactions on the store run in the order they were started, so a `clear()`
 * started after a `set()` always wins.
 */

export interface KeyValueStore<T> {
  get(key: string): Promise<T | undefined>;
  set(key: string, value: T): Promise<void>;
  delete(key: string): Promise<void>;
  keys(): Promise<string[]>;
  clear(): Promise<void>;
}

function done(request: IDBRequest): Promise<unknown> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

function committed(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB transaction failed'));
    transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'));
  });
}

/** The store `storeName` of database `dbName` (created on first use), or null without IndexedDB. */
export function openKeyValueStore<T>(dbName: string, storeName: string): KeyValueStore<T> | null {
  if (typeof indexedDB === 'undefined') return null;
  let opening: Promise<IDBDatabase> | null = null;
  const db = (): Promise<IDBDatabase> => {
    opening ??= new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(dbName, 1);
      request.onupgradeneeded = () => {
        if (!request.result.objectStoreNames.contains(storeName)) request.result.createObjectStore(storeName);
      };
      request.onsuccess = () => {
        const opened = request.result;
        // Another tab deletes or upgrades the database: let it, and reopen on the next call.
        opened.onversionchange = () => {
          opened.close();
          opening = null;
        };
        resolve(opened);
      };
      request.onerror = () => reject(request.error ?? new Error('IndexedDB could not be opened'));
      request.onblocked = () => reject(new Error('IndexedDB is blocked by another tab'));
    }).catch((error: unknown) => {
      opening = null;
      throw error;
    });
    return opening;
  };
  const read = async <R>(work: (store: IDBObjectStore) => IDBRequest): Promise<R> => {
    const store = (await db()).transaction(storeName, 'readonly').objectStore(storeName);
    return (await done(work(store))) as R;
  };
  const write = async (work: (store: IDBObjectStore) => void): Promise<void> => {
    const transaction = (await db()).transaction(storeName, 'readwrite');
    work(transaction.objectStore(storeName));
    await committed(transaction);
  };
  return {
    get: (key) => read<T | undefined>((store) => store.get(key)),
    set: (key, value) => write((store) => store.put(value, key)),
    delete: (key) => write((store) => store.delete(key)),
    keys: async () => (await read<IDBValidKey[]>((store) => store.getAllKeys())).map(String),
    clear: () => write((store) => store.clear()),
  };
}
