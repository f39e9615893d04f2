import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from './client.ts';

/**
 * A transaction around a whole request (decision 016): while `inRequestTransaction` runs, every
 * query made through a handle from `followRequestTransaction` goes into that transaction, so a
 * write and the idempotency key that guards it commit together or not at all. A service's own
 * `db.transaction(…)` inside becomes a savepoint. Work that outlives the transaction (a
 * fire-and-forget job started inside it) falls back to the pooled handle once it has ended.
 */
interface Scope {
  tx: Db;
  open: boolean;
}

const scope = new AsyncLocalStorage<Scope>();

/** The handle a query should use now: the request's open transaction, or the given one. */
export function currentHandle(db: Db): Db {
  const current = scope.getStore();
  return current?.open ? current.tx : db;
}

/** A handle that follows the request's transaction when there is one, and is `db` otherwise. */
export function followRequestTransaction(db: Db): Db {
  return new Proxy(db, {
    get(target, property) {
      const handle = currentHandle(target);
      const value: unknown = Reflect.get(handle, property, handle);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(handle) : value;
    },
  });
}

/**
 * Runs fn in one transaction of `db` (the pooled handle, not a following one) that every
 * following handle joins until fn settles.
 */
export function inRequestTransaction<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const current: Scope = { tx: tx as unknown as Db, open: true };
    try {
      return await scope.run(current, () => fn(current.tx));
    } finally {
      current.open = false;
    }
  });
}
