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
  /** What waits for the commit (afterRequestCommit); dropped when the transaction rolls back. */
  afterCommit: Array<() => Promise<void> | void>;
}

const scope = new AsyncLocalStorage<Scope>();

/** The handle a query should use now: the request's open transaction, or the given one. */
export function currentHandle(db: Db): Db {
  const current = scope.getStore();
  return current?.open ? current.tx : db;
}

/**
 * Runs fn once the request's transaction has committed, or now when there is none: what others
 * are told of a change (live frames that make their pages read it again) must not reach them
 * before the change can be read from another connection. Dropped when the transaction rolls back.
 */
export function afterRequestCommit(fn: () => Promise<void> | void): Promise<void> | void {
  const current = scope.getStore();
  if (current?.open) {
    current.afterCommit.push(fn);
    return;
  }
  return fn();
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
export async function inRequestTransaction<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  const waiting: Scope['afterCommit'] = [];
  const result = await db.transaction(async (tx) => {
    const current: Scope = { tx: tx as unknown as Db, open: true, afterCommit: waiting };
    try {
      return await scope.run(current, () => fn(current.tx));
    } finally {
      current.open = false;
    }
  });
  // Committed: outside the request's scope, so they use the pool.
  for (const run of waiting) {
    // The change is committed: a frame that could not go out must not turn its answer into an error.
    await scope.exit(async () => run()).catch(() => undefined);
  }
  return result;
}
