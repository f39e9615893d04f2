/**
 * The IndexedDB table of writes waiting to be sent (decision 016): one object store whose key is
 * an increasing number, so reading it back gives the writes in the order they were made. A small
 * promise wrapper over IndexedDB, no library.
 */

export type QueuedMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A write as the user made it. */
export interface NewWrite {
  method: QueuedMethod;
  /** API path (e.g. /core/trips/{id}/checklist). */
  path: string;
  body?: unknown;
  /** What the user did, for people: 'move “Belém Tower” in Trip to Lisbon'. */
  label: string;
}

export interface QueuedWrite extends NewWrite {
  /** The order of the queue, given by IndexedDB. */
  seq?: number;
  /** The Idempotency-Key, made when the user acted; the same for every retry. */
  key: string;
  /** Whose write it is: only the signed-in user's writes are sent. */
  userId: string;
  createdAt: number;
}

export interface QueueStore {
  /** Every write, oldest first. */
  all(): Promise<QueuedWrite[]>;
  add(write: QueuedWrite): Promise<void>;
  remove(key: string): Promise<void>;
}

const STORE = 'writes';
const DB_VERSION = 1;

const done = <T>(request: IDBRequest<T>): Promise<T> =>
  new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });

const committed = (transaction: IDBTransaction): Promise<void> =>
  new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB transaction failed'));
    transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'));
  });

function openDatabase(name: string): Promise<IDBDatabase> {
  const request = indexedDB.open(name, DB_VERSION);
  request.onupgradeneeded = () => {
    const store = request.result.createObjectStore(STORE, { keyPath: 'seq', autoIncrement: true });
    store.createIndex('key', 'key', { unique: true });
  };
  return done(request);
}

/**
 * The queue kept in IndexedDB database `name` (it survives reloads and closed tabs). Its own
 * database: the offline query cache (offline-query-cache.ts) has 'tripcrew-offline', and two
 * stores under one name and version would leave one of them never created.
 */
export function indexedDbQueueStore(name = 'tripcrew-offline-queue'): QueueStore {
  let database: Promise<IDBDatabase> | undefined;
  const open = () => (database ??= openDatabase(name));
  return {
    async all() {
      const db = await open();
      return done(db.transaction(STORE, 'readonly').objectStore(STORE).getAll() as IDBRequest<QueuedWrite[]>);
    },
    async add(write) {
      const db = await open();
      const transaction = db.transaction(STORE, 'readwrite');
      transaction.objectStore(STORE).add(write);
      await committed(transaction);
    },
    async remove(key) {
      const db = await open();
      const transaction = db.transaction(STORE, 'readwrite');
      const store = transaction.objectStore(STORE);
      const seq = await done(store.index('key').getKey(key));
      if (seq !== undefined) store.delete(seq);
      await committed(transaction);
    },
  };
}
