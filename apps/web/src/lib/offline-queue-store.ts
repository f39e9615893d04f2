/**
 * The IndexedDB table of writes waiting to be sent (decision 016): one object store whose key is
 * an increasing number, so reading it back gives the writes in the order they were made. Built
 * on the app's IndexedDB helper (`idb-store.ts`, the `idb` library).
 */
import { databaseOpener, type IDBPDatabase } from './idb-store.ts';

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

function upgrade(db: IDBPDatabase): void {
  if (db.objectStoreNames.contains(STORE)) return;
  const store = db.createObjectStore(STORE, { keyPath: 'seq', autoIncrement: true });
  store.createIndex('key', 'key', { unique: true });
}

/**
 * The queue kept in IndexedDB database `name` (it survives reloads and closed tabs). Its own
 * database: the offline query cache (offline-query-cache.ts) has 'tripcrew-offline', and two
 * stores under one name and version would leave one of them never created.
 */
export function indexedDbQueueStore(name = 'tripcrew-offline-queue'): QueueStore {
  const open = databaseOpener(name, DB_VERSION, upgrade);
  return {
    async all() {
      return (await (await open()).getAll(STORE)) as QueuedWrite[];
    },
    async add(write) {
      await (await open()).add(STORE, write);
    },
    async remove(key) {
      const transaction = (await open()).transaction(STORE, 'readwrite');
      const seq = await transaction.store.index('key').getKey(key);
      if (seq !== undefined) await transaction.store.delete(seq);
      await transaction.done;
    },
  };
}
