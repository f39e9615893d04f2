import { api } from './api-client.ts';
import { createOfflineQueue, type OfflineQueue, type SubmitResult } from './offline-queue.ts';
import { offlineQueueConfig } from './offline-queue-config.ts';
import { indexedDbQueueStore, type NewWrite, type QueuedWrite } from './offline-queue-store.ts';

export type { NewWrite, SubmitResult };

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
const LOCK_NAME = 'tripcrew-offline-queue';

/** Sends one queued write through the API client, with its key. */
export function sendQueuedWrite(write: QueuedWrite): Promise<unknown> {
  const opts = { headers: { [IDEMPOTENCY_HEADER]: write.key } };
  switch (write.method) {
    case 'POST':
      return api.post<unknown>(write.path, write.body, opts);
    case 'PUT':
      return api.put<unknown>(write.path, write.body, opts);
    case 'PATCH':
      return api.patch<unknown>(write.path, write.body, opts);
    case 'DELETE':
      return api.delete<unknown>(write.path, write.body, opts);
  }
}

/** One round at a time across the tabs of this browser, where Web Locks exist. */
function exclusive(task: () => Promise<void>): Promise<void> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request(LOCK_NAME, task).then(() => undefined) : task();
}

let queue: OfflineQueue | undefined;

/** The page's queue, over IndexedDB (made on first use). */
export function offlineQueue(): OfflineQueue {
  queue ??= createOfflineQueue({
    store: indexedDbQueueStore(),
    send: sendQueuedWrite,
    isOnline: () => typeof navigator === 'undefined' || navigator.onLine,
    currentUser: () => offlineQueueConfig().currentUser(),
    onSettled: (outcome) => offlineQueueConfig().onSettled(outcome),
    exclusive,
  });
  return queue;
}

/** A write through the queue: sent now when it can be, kept and replayed otherwise. */
export function submitWrite(write: NewWrite): Promise<SubmitResult> {
  return offlineQueue().submit(write);
}

/** For tests: forget the page's queue (the next use makes a new one, like a reload). */
export function resetOfflineQueue(): void {
  queue = undefined;
}
