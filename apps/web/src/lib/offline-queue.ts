/**
 * The offline write queue (decision 016). A write the user makes while offline, or whose request
 * fails for want of a network, is kept in IndexedDB with an idempotency key and sent again, in
 * order, when the browser is back online (and on the next start). The API remembers the key, so a
 * write that did reach it before the connection dropped is not applied twice.
 *
 * - Sent in order, one at a time; a network error, a 5xx, a 408, 409 (the same key still running
 *   elsewhere), 429 or 401 stops the round and keeps the write; rounds are retried with a growing
 *   pause (the shared `backoff.ts`, with jitter), at most `maxRetries` times, then again on the next 'online' event or start.
 * - Any other answer ends the write: a 2xx is applied; a 4xx is a conflict (the item or trip is
 *   gone, the role was lost, the change is no longer valid): the write is dropped and a notice
 *   names it. A 409 VERSION_CONFLICT (someone else changed the same field, decision 035) keeps the
 *   write in its notice, with the record as it is now, until the user keeps theirs or sends theirs.
 */
import { isApiError } from './api-error.ts';
import { backoffDelay } from './backoff.ts';
import { type VersionConflict, versionConflictOf } from './version-conflict.ts';
import type { NewWrite, QueuedWrite, QueueStore } from './offline-queue-store.ts';
import { randomId } from './random-id.ts';

export type { NewWrite, QueuedWrite, QueueStore };

export interface OfflineNotice {
  id: string;
  text: string;
  /**
   * A replay that met someone else's change of the same field (409 VERSION_CONFLICT, decision
   * 035): the write as it was made offline, kept until the user chooses, and the record as it is now.
   */
  conflict?: { write: NewWrite; conflict: VersionConflict };
}

/** A waiting write as the page marks it: what it changes (issue 35, "marked as waiting"). */
export type WaitingWrite = Pick<NewWrite, 'method' | 'path' | 'body'>;

export interface OfflineQueueState {
  /** Writes of the signed-in user still waiting. */
  pending: number;
  /** Those writes, oldest first, so that a page can mark what waits on it. */
  waiting: readonly WaitingWrite[];
  notices: readonly OfflineNotice[];
}

export type SubmitResult = { queued: false; data: unknown } | { queued: true };

export interface OfflineQueueDeps {
  store: QueueStore;
  /** Sends one write with its Idempotency-Key; throws the client's ApiError on failure. */
  send: (write: QueuedWrite) => Promise<unknown>;
  isOnline: () => boolean;
  /** The signed-in user's id, or null (then writes are sent directly, never queued). */
  currentUser: () => string | null;
  makeKey?: () => string;
  /** Called after a round that applied or dropped at least one write (e.g. to refetch); `dropped` counts the refused ones. */
  onSettled?: (outcome: { dropped: number }) => void;
  /** Runs `task` alone across tabs (Web Locks); runs it directly when not given. */
  exclusive?: (task: () => Promise<void>) => Promise<void>;
  setTimer?: (run: () => void, ms: number) => unknown;
  retryBaseMs?: number;
  retryMaxMs?: number;
  maxRetries?: number;
  /** 0..1, the backoff's jitter source (Math.random by default). */
  random?: () => number;
}

export interface OfflineQueue {
  /** Sends the write now, or queues it (offline, a queue not yet empty, or a network error). */
  submit: (write: NewWrite) => Promise<SubmitResult>;
  /** Sends the waiting writes in order (one round at a time). */
  flush: () => Promise<void>;
  /** Back online (or started): a fresh retry budget, then a round. */
  resume: () => Promise<void>;
  /** True when a write to a path starting with `prefix` is waiting. */
  hasPending: (prefix: string) => Promise<boolean>;
  getState: () => OfflineQueueState;
  subscribe: (listener: () => void) => () => void;
  dismiss: (id: string) => void;
}

export const NOTICE_PREFIX = "Couldn't apply your offline change:";

/** A retry later can succeed: no network, a server error, the same key still running, throttled, signed out. */
export function isTransient(error: unknown): boolean {
  if (!isApiError(error)) return true;
  // Someone else changed the same field: waiting changes nothing, the user chooses (decision 035).
  if (versionConflictOf(error)) return false;
  return error.status === 0 || error.status >= 500 || [401, 408, 409, 429].includes(error.status);
}

/** Why the server refused a replayed write, in words for the notice. */
export function conflictReason(error: unknown): string {
  if (!isApiError(error)) return 'it could not be sent';
  if (error.status === 404)
    return /trip/i.test(error.message) ? 'the trip no longer exists' : 'it no longer exists';
  if (error.status === 403) return 'you can no longer change this trip';
  const message = error.message.replace(/\.$/, '');
  return message ? `the server refused it (${message})` : 'the server refused it';
}

export function noticeText(write: Pick<NewWrite, 'label'>, error: unknown): string {
  return `${NOTICE_PREFIX} ${write.label} — ${conflictReason(error)}.`;
}

/** The idempotency key of a write. */
export const randomKey = (): string => randomId();

export function createOfflineQueue(deps: OfflineQueueDeps): OfflineQueue {
  const {
    store,
    send,
    isOnline,
    currentUser,
    makeKey = randomKey,
    exclusive = (task) => task(),
    setTimer = (run, ms) => setTimeout(run, ms),
    retryBaseMs = 2_000,
    retryMaxMs = 60_000,
    maxRetries = 6,
    random,
  } = deps;
  const listeners = new Set<() => void>();
  let state: OfflineQueueState = { pending: 0, waiting: [], notices: [] };
  let round: Promise<void> | null = null;
  let retries = 0;
  let retryTimer = false;
  /** Writes added in this page but maybe not yet readable (the add is in flight). */
  let adding: Promise<void> = Promise.resolve();

  const setState = (next: Partial<OfflineQueueState>) => {
    state = { ...state, ...next };
    for (const listener of listeners) listener();
  };
  const mine = async (): Promise<QueuedWrite[]> => {
    await adding;
    const user = currentUser();
    return user === null ? [] : (await store.all()).filter((write) => write.userId === user);
  };
  const recount = async () => {
    const writes = await mine();
    setState({
      pending: writes.length,
      waiting: writes.map(({ method, path, body }) => ({ method, path, body })),
    });
  };

  const scheduleRetry = () => {
    if (retryTimer || retries >= maxRetries) return;
    retryTimer = true;
    const delay = backoffDelay(retries, { initialMs: retryBaseMs, maxMs: retryMaxMs, random });
    retries += 1;
    setTimer(() => {
      retryTimer = false;
      void flush();
    }, delay);
  };

  /** One round: the user's writes, oldest first, until none is left or one must wait. */
  const sendAll = async () => {
    let settled = 0;
    let dropped = 0;
    for (;;) {
      const [write] = await mine();
      if (!write || !isOnline()) break;
      try {
        await send(write);
      } catch (error) {
        if (isTransient(error)) {
          scheduleRetry();
          break;
        }
        dropped += 1;
        const conflict = versionConflictOf(error);
        const { method, path, body, label } = write;
        const notice: OfflineNotice = conflict
          ? { id: write.key, text: write.label, conflict: { write: { method, path, body, label }, conflict } }
          : { id: write.key, text: noticeText(write, error) };
        setState({ notices: [...state.notices, notice] });
      }
      await store.remove(write.key);
      settled += 1;
      await recount();
    }
    await recount();
    if (settled > 0) deps.onSettled?.({ dropped });
  };

  const flush = (): Promise<void> => {
    if (round) return round;
    if (!isOnline() || currentUser() === null) return recount().catch(() => undefined);
    round = exclusive(sendAll)
      .catch(() => scheduleRetry())
      .finally(() => {
        round = null;
      });
    return round;
  };

  const enqueue = async (write: NewWrite, userId: string, key: string): Promise<SubmitResult> => {
    const queued: QueuedWrite = { ...write, key, userId, createdAt: Date.now() };
    const added = adding.then(() => store.add(queued));
    adding = added.catch(() => undefined);
    await added;
    await recount();
    if (isOnline()) scheduleRetry();
    return { queued: true };
  };

  const submit = async (write: NewWrite): Promise<SubmitResult> => {
    const userId = currentUser();
    const key = makeKey();
    const direct: QueuedWrite = { ...write, key, userId: userId ?? '', createdAt: Date.now() };
    if (userId === null) return { queued: false, data: await send(direct) };
    // Behind writes already waiting, so that the order holds. (No IndexedDB: nothing waits.)
    const waiting = await mine().then(
      (writes) => writes.length > 0,
      () => false,
    );
    if (!isOnline() || round !== null || waiting) {
      const result = await enqueue(write, userId, key);
      if (isOnline()) void flush();
      return result;
    }
    try {
      return { queued: false, data: await send(direct) };
    } catch (error) {
      if (isApiError(error) && error.status === 0)
        return enqueue(write, userId, key).catch(() => Promise.reject(error));
      throw error;
    }
  };

  return {
    submit,
    flush,
    resume: () => {
      retries = 0;
      return flush();
    },
    hasPending: async (prefix) => (await mine()).some((write) => write.path.startsWith(prefix)),
    getState: () => state,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dismiss: (id) => setState({ notices: state.notices.filter((notice) => notice.id !== id) }),
  };
}
