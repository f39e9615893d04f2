import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiOfflineWrite, apiWrite, mayQueueOffline } from './api-write.ts';
import { freshApiClientPerTest } from './testing/api-client-setup.ts';
import { jsonResponse, mockFetch } from './testing/fetch-mock.ts';

freshApiClientPerTest();

const submitWrite = vi.hoisted(() => vi.fn(async () => ({ queued: true as const })));
vi.mock('./offline-queue-client.ts', () => ({ submitWrite }));

afterEach(() => {
  submitWrite.mockClear();
});

describe('apiWrite / apiOfflineWrite (the one write helper)', () => {
  it('knows which writes may wait offline: planner moves and notes, ticks, a trip rename', () => {
    expect(mayQueueOffline('POST', '/core/trips/t1/planner/items/i1/move')).toBe(true);
    expect(mayQueueOffline('POST', '/core/trips/t1/planner/notes')).toBe(true);
    expect(mayQueueOffline('DELETE', '/core/trips/t1/planner/items/i1')).toBe(true);
    expect(mayQueueOffline('PUT', '/core/trips/t1/checklist')).toBe(true);
    expect(mayQueueOffline('PATCH', '/core/trips/t1/checklist')).toBe(true);
    expect(mayQueueOffline('PATCH', '/core/trips/t1/packing/p1')).toBe(true);
    expect(mayQueueOffline('POST', '/core/trips/t1/places')).toBe(true);
    expect(mayQueueOffline('PATCH', '/core/trips/t1/places/p1')).toBe(true);
    expect(mayQueueOffline('DELETE', '/core/trips/t1/places/p1')).toBe(false);
    expect(mayQueueOffline('POST', '/core/trips/t1/bookings')).toBe(true);
    expect(mayQueueOffline('PATCH', '/core/trips/t1/bookings/b1')).toBe(true);
    expect(mayQueueOffline('DELETE', '/core/trips/t1/bookings/b1')).toBe(false);
    expect(mayQueueOffline('POST', '/core/trips/t1/bookings/import')).toBe(false);
    expect(mayQueueOffline('PATCH', '/core/trips/update/t1')).toBe(true);
    expect(mayQueueOffline('DELETE', '/core/trips/t1')).toBe(false);
    expect(mayQueueOffline('POST', '/core/wishlist')).toBe(false);
    expect(mayQueueOffline('POST', '/auth/logout')).toBe(false);
  });

  it('hands a queueable write to the offline queue and sends any other at once', async () => {
    const fetch = mockFetch(() => jsonResponse(200, { ok: true }));
    const move = {
      method: 'POST' as const,
      path: '/core/trips/t1/planner/items/i1/move',
      body: {},
      label: 'move',
    };
    await expect(apiOfflineWrite(move)).resolves.toEqual({ queued: true });
    expect(submitWrite).toHaveBeenCalledWith(move);

    const other = { method: 'DELETE' as const, path: '/core/trips/t1', label: 'delete' };
    await expect(apiOfflineWrite(other)).resolves.toEqual({ queued: false, data: { ok: true } });
    expect(submitWrite).toHaveBeenCalledTimes(1);
    expect(fetch.to('/core/trips/t1', 'DELETE')).toHaveLength(1);
  });

  it('checks the answer with the contract when one is given', async () => {
    mockFetch(() => jsonResponse(200, { ok: 'yes' }));
    const schema = {
      safeParse: (data: unknown) =>
        typeof data === 'object' && data !== null && (data as { ok?: unknown }).ok === true
          ? { success: true as const, data: data as { ok: true } }
          : { success: false as const },
    };
    await expect(apiWrite('POST', '/core/x', {}, schema)).rejects.toMatchObject({ code: 'INVALID_RESPONSE' });
    await expect(apiWrite('POST', '/core/x', {})).resolves.toEqual({ ok: 'yes' });
  });
});
