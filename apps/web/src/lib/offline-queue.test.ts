import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error.ts';
import { createOfflineQueue, NOTICE_PREFIX, type OfflineQueueDeps } from './offline-queue.ts';
import { indexedDbQueueStore, type NewWrite, type QueuedWrite } from './offline-queue-store.ts';

const networkError = () => new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'Network error' });
const httpError = (status: number, message: string) =>
  new ApiError({ status, code: `HTTP_${status}`, message });

let dbCount = 0;
const freshDbName = () => `offline-queue-test-${++dbCount}`;

const write = (n: number, label = `change ${n}`): NewWrite => ({
  method: 'PUT',
  path: `/core/trips/t1/checklist`,
  body: { entries: [`entry ${n}`] },
  label,
});

/** A queue over a named IndexedDB database, with a controllable network and recorded sends. */
function setup(options: { dbName?: string; online?: boolean; deps?: Partial<OfflineQueueDeps> } = {}) {
  const dbName = options.dbName ?? freshDbName();
  const net = { online: options.online ?? false };
  const sent: QueuedWrite[] = [];
  const timers: { run: () => void; ms: number }[] = [];
  let keys = 0;
  const send = vi.fn(async (_write: QueuedWrite): Promise<unknown> => ({ ok: true }));
  const onSettled = vi.fn();
  const queue = createOfflineQueue({
    store: indexedDbQueueStore(dbName),
    send: (w) => {
      sent.push(w);
      return send(w);
    },
    isOnline: () => net.online,
    currentUser: () => 'user-1',
    makeKey: () => `00000000-0000-4000-8000-${String(++keys).padStart(12, '0')}`,
    setTimer: (run, ms) => timers.push({ run, ms }),
    onSettled,
    ...options.deps,
  });
  return { queue, net, sent, send, timers, dbName, onSettled };
}

describe('offline write queue', () => {
  it('queues writes made offline and replays them in order once online', async () => {
    const { queue, net, sent, onSettled } = setup();
    for (const n of [1, 2, 3]) expect(await queue.submit(write(n))).toEqual({ queued: true });
    expect(sent).toHaveLength(0);
    expect(queue.getState().pending).toBe(3);

    net.online = true;
    await queue.resume();
    expect(sent.map((w) => w.label)).toEqual(['change 1', 'change 2', 'change 3']);
    expect(new Set(sent.map((w) => w.key)).size).toBe(3);
    expect(queue.getState().pending).toBe(0);
    expect(onSettled).toHaveBeenCalledTimes(1);
    expect(onSettled).toHaveBeenCalledWith({ dropped: 0 });
  });

  it('[OFFLINE-05] lists what waits, oldest first, so the page can mark it, and nothing once sent', async () => {
    const { queue, net } = setup();
    await queue.submit(write(1));
    await queue.submit({
      method: 'POST',
      path: '/core/trips/t1/packing',
      body: { _id: 'p1', text: 'Tent' },
      label: 'add',
    });
    expect(queue.getState().waiting).toEqual([
      { method: 'PUT', path: '/core/trips/t1/checklist', body: { entries: ['entry 1'] } },
      { method: 'POST', path: '/core/trips/t1/packing', body: { _id: 'p1', text: 'Tent' } },
    ]);
    net.online = true;
    await queue.resume();
    expect(queue.getState().waiting).toEqual([]);
  });

  it('sends at once when online and nothing waits; a write behind waiting ones queues to keep the order', async () => {
    const { queue, net, sent, send } = setup({ online: true });
    expect(await queue.submit(write(1))).toEqual({ queued: false, data: { ok: true } });
    expect(sent).toHaveLength(1);

    net.online = false;
    await queue.submit(write(2));
    net.online = true;
    send.mockRejectedValueOnce(networkError());
    await queue.submit(write(3)); // queued behind 2; the round it starts fails on 2
    await queue.flush();
    await queue.flush();
    expect(sent.map((w) => w.label)).toEqual(['change 1', 'change 2', 'change 2', 'change 3']);
    expect(sent[1]?.key).toBe(sent[2]?.key);
  });

  it('a network error keeps the write, with the same idempotency key for every retry', async () => {
    const { queue, net, sent, send, timers } = setup({ online: true });
    send.mockRejectedValueOnce(networkError());
    expect(await queue.submit(write(1))).toEqual({ queued: true });
    expect(queue.getState().pending).toBe(1);
    expect(timers.length).toBeGreaterThan(0);

    send.mockRejectedValueOnce(httpError(503, 'Service unavailable'));
    await queue.flush();
    expect(queue.getState().pending).toBe(1);

    net.online = true;
    await queue.flush();
    expect(queue.getState().pending).toBe(0);
    expect(sent).toHaveLength(3);
    expect(new Set(sent.map((w) => w.key)).size).toBe(1);
    expect(queue.getState().notices).toEqual([]);
  });

  it('retries with a growing pause, a bounded number of times', async () => {
    const { queue, send, timers } = setup({
      online: true,
      deps: { maxRetries: 3, retryBaseMs: 100, random: () => 1 },
    });
    send.mockRejectedValue(networkError());
    await queue.submit(write(1));
    for (let i = 0; i < 6; i += 1) {
      timers[i]?.run();
      await queue.flush();
    }
    expect(timers.map((t) => t.ms)).toEqual([100, 200, 400]);
    expect(queue.getState().pending).toBe(1);
  });

  it('drops a write the server refuses (404, 403) with a notice naming it, and goes on with the rest', async () => {
    const { queue, net, sent, send } = setup();
    await queue.submit(write(1, 'move “Belém Tower” in Trip to Lisbon'));
    await queue.submit(write(2, 'tick “Passport” in Trip to Lisbon'));
    await queue.submit(write(3, 'rename Trip to Lisbon to “Porto”'));
    send
      .mockRejectedValueOnce(httpError(404, 'Trip not found.'))
      .mockRejectedValueOnce(httpError(403, 'Only editors can change the trip.'));
    net.online = true;
    await queue.resume();

    expect(sent).toHaveLength(3);
    expect(queue.getState().pending).toBe(0);
    const texts = queue.getState().notices.map((n) => n.text);
    expect(texts).toEqual([
      `${NOTICE_PREFIX} move “Belém Tower” in Trip to Lisbon — the trip no longer exists.`,
      `${NOTICE_PREFIX} tick “Passport” in Trip to Lisbon — you can no longer change this trip.`,
    ]);
    const [first] = queue.getState().notices;
    if (first) queue.dismiss(first.id);
    expect(queue.getState().notices).toHaveLength(1);
  });

  it('[HISTORY-11] a replay that meets someone else’s change of the same field keeps the offline text in a conflict notice, and goes on', async () => {
    const conflict = {
      kind: 'planner-item',
      recordId: 'n1',
      version: 3,
      fields: ['text'],
      current: { text: 'Theirs', time: null, version: 3 },
      changedBy: { _id: 'u2', name: 'Ben Berg' },
      changedAt: '2031-01-01T10:00:00.000Z',
    };
    const { queue, net, sent, send } = setup();
    const edit: NewWrite = {
      method: 'PATCH',
      path: '/core/trips/t1/planner/items/n1',
      body: { text: 'Mine, written offline', version: 1 },
      label: 'edit the note “Lunch” in Trip to Lisbon',
    };
    await queue.submit(edit);
    await queue.submit(write(2));
    send.mockImplementationOnce(async () => {
      throw new ApiError({
        status: 409,
        code: 'VERSION_CONFLICT',
        message: 'Ben Berg changed this while you were editing.',
        data: { statusCode: 409, code: 'VERSION_CONFLICT', message: 'x', conflict },
      });
    });
    net.online = true;
    await queue.resume();
    // Not retried as a transient 409: the next write went on, the first waits for the user.
    expect(sent.map((w) => w.label)).toEqual([edit.label, 'change 2']);
    expect(queue.getState().pending).toBe(0);
    const [notice] = queue.getState().notices;
    expect(notice?.conflict).toEqual({ write: edit, conflict });
  });

  it('survives a reload: a new queue over the same database replays what the old one kept', async () => {
    const before = setup();
    await before.queue.submit(write(1));
    await before.queue.submit(write(2));

    const after = setup({ dbName: before.dbName, online: true });
    await after.queue.resume();
    expect(after.sent.map((w) => w.label)).toEqual(['change 1', 'change 2']);
    expect(after.sent[0]?.key).toBe('00000000-0000-4000-8000-000000000001');
    expect(await after.queue.hasPending('/core/trips')).toBe(false);
  });

  it("only sends the signed-in user's writes", async () => {
    const dbName = freshDbName();
    const ana = setup({ dbName });
    await ana.queue.submit(write(1));
    const ben = setup({ dbName, online: true, deps: { currentUser: () => 'user-2' } });
    await ben.queue.resume();
    expect(ben.sent).toHaveLength(0);
    expect(await ana.queue.hasPending('/core/trips/t1')).toBe(true);
  });
});
