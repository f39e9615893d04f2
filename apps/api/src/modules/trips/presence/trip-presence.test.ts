import type { LiveServerFrame } from '@tripcrew/contracts/live';
import { PRESENCE_WINDOW_MS, type TripPresence } from '@tripcrew/contracts/trip-presence';
import { describe, expect, it } from 'vitest';
import { apiCall, expectError } from '../../../../test/helpers/api-calls.ts';
import { createUser, type TestUser } from '../../../../test/helpers/factories.ts';
import { useTestApp } from '../../../../test/helpers/test-app.ts';
import { clientTracker, connectLive, liveUrl } from '../../chats/core/live.fixtures.ts';
import { anaCrewTrip, setRole, useCatalogue } from '../trips.fixtures.ts';
import { findPresence, upsertPresence } from './trip-presence.repository.ts';

const ITEM = '0b6f6a3e-1c1d-4d2e-9f3a-2b7c8d9e0f1a';

describe('trip presence', () => {
  const t = useTestApp();
  const c = useCatalogue(t);

  async function scene() {
    const {
      ana,
      crew: [bo, cy],
      tripId: id,
    } = await anaCrewTrip(t, c, 2);
    const url = `/core/trips/${id}/presence`;
    const announce = (who: TestUser, editing: string | null = null) =>
      apiCall(t, who, 'PUT', url, { editing });
    const read = async (who: TestUser) => {
      const res = await apiCall(t, who, 'GET', url);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as TripPresence;
    };
    return { ana, bo, cy, id, url, announce, read };
  }

  it('[PRESENCE-01] a heartbeat makes the caller present for the others (never for themselves), with name and picture', async () => {
    const { ana, bo, cy, announce, read } = await scene();
    const first = await announce(ana);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual([]);
    expect(await read(ana)).toEqual([]);

    const seen = await read(bo);
    expect(seen).toEqual([
      {
        _id: ana.id,
        name: 'Ana',
        lastName: 'Silva',
        image: { thumbnail: null },
        editing: null,
        seenAt: expect.any(String),
      },
    ]);
    // The heartbeat answers the others present, as GET does.
    const second = await announce(bo);
    expect((second.json() as TripPresence).map((p) => p._id)).toEqual([ana.id]);
    expect((await read(cy)).map((p) => p._id)).toEqual([ana.id, bo.id]);
  });

  it('[PRESENCE-02] what a member edits is shown to the others (the key lower-cased) until their editor closes', async () => {
    const { ana, bo, announce, read } = await scene();
    const res = await announce(bo, `packing-item:${ITEM.toUpperCase()}`);
    expect(res.statusCode, res.body).toBe(200);
    expect((await read(ana)).map((p) => [p._id, p.editing])).toEqual([[bo.id, `packing-item:${ITEM}`]]);
    await announce(bo, `planner-item:${ITEM}`);
    expect((await read(ana))[0]?.editing).toBe(`planner-item:${ITEM}`);
    // A place of the trip's own is edited in its form: the others see it on its card.
    await announce(bo, `trip-place:${ITEM}`);
    expect((await read(ana))[0]?.editing).toBe(`trip-place:${ITEM}`);
    await announce(bo, `booking:${ITEM}`);
    expect((await read(ana))[0]?.editing).toBe(`booking:${ITEM}`);
    await announce(bo, null);
    expect((await read(ana)).map((p) => [p._id, p.editing])).toEqual([[bo.id, null]]);
  });

  it('[PRESENCE-03] a heartbeat older than the window counts no more; a member who left counts no more', async () => {
    const { ana, bo, cy, id, announce, read } = await scene();
    const db = t.database.db;
    const ago = (ms: number) => new Date(Date.now() - ms);
    await upsertPresence(db, {
      tripId: id,
      userId: bo.id,
      editing: null,
      seenAt: ago(PRESENCE_WINDOW_MS + 5000),
    });
    await upsertPresence(db, {
      tripId: id,
      userId: cy.id,
      editing: null,
      seenAt: ago(PRESENCE_WINDOW_MS - 5000),
    });
    expect((await read(ana)).map((p) => p._id)).toEqual([cy.id]);

    // A write clears the rows that count no more away.
    await announce(ana);
    expect(await findPresence(db, id, bo.id)).toBeUndefined();
    expect(await findPresence(db, id, cy.id)).toBeDefined();

    // Cy leaves the trip: present a moment ago, no longer one of the group.
    expect((await apiCall(t, cy, 'DELETE', `/core/trips/${id}/members/${cy.id}`)).statusCode).toBe(200);
    expect(await read(ana)).toEqual([]);
    expectError(await apiCall(t, cy, 'GET', `/core/trips/${id}/presence`), 404, /Trip not found/);
  });

  it('[PRESENCE-04] leaving (DELETE) takes the caller off at once; leaving twice is fine', async () => {
    const { ana, bo, url, announce, read } = await scene();
    await announce(bo, `packing-item:${ITEM}`);
    expect((await read(ana)).map((p) => p._id)).toEqual([bo.id]);
    const left = await apiCall(t, bo, 'DELETE', url);
    expect([left.statusCode, left.json()]).toEqual([200, { ok: true }]);
    expect(await read(ana)).toEqual([]);
    expect((await apiCall(t, bo, 'DELETE', url)).json()).toEqual({ ok: true });
  });

  it('[PRESENCE-05] a viewer announces and reads like everyone; a stranger, an unknown trip: 404; signed out: 401', async () => {
    const { ana, cy, id, url, announce, read } = await scene();
    await setRole(t, ana, id, cy.id, 'viewer');
    expect((await announce(cy)).statusCode).toBe(200);
    expect((await read(ana)).map((p) => p._id)).toEqual([cy.id]);
    expect(await read(cy)).toEqual([]);

    const stranger = await createUser(t);
    const missing = '/core/trips/00000000-0000-4000-8000-000000000000/presence';
    for (const path of [url, missing]) {
      expectError(await apiCall(t, stranger, 'GET', path), 404, /Trip not found/);
      expectError(await apiCall(t, stranger, 'PUT', path, { editing: null }), 404, /Trip not found/);
      expectError(await apiCall(t, stranger, 'DELETE', path), 404, /Trip not found/);
    }
    expect((await apiCall(t, null, 'GET', url)).statusCode).toBe(401);
    expect((await apiCall(t, null, 'PUT', url, { editing: null })).statusCode).toBe(401);
  });

  it('[PRESENCE-06] bad input answers 400 naming the field, and announces nothing', async () => {
    const { ana, bo, url, read } = await scene();
    const bodies: object[] = [
      {},
      { editing: 'packing-item' },
      { editing: 'packing-item:not-an-id' },
      { editing: `expense:${ITEM}` },
      { editing: `packing-item:${ITEM}${'x'.repeat(60)}` },
      { editing: `packing-item:${ITEM}\n` },
      { editing: `packing-item:\u0000${ITEM}` },
      { editing: 42 },
      { editing: null, extra: true },
    ];
    for (const body of bodies) {
      const res = await apiCall(t, bo, 'PUT', url, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const answer = res.json() as { message: string; field?: string };
      expect(answer.field ?? '', JSON.stringify(body)).toMatch(/editing|extra/);
      expect(answer.message, JSON.stringify(body)).toMatch(/editing|extra/);
    }
    expect(await read(ana)).toEqual([]);
  });

  it('[PRESENCE-07] arriving, editing and leaving tell the other members live; a plain heartbeat tells nobody', async () => {
    const { track, closeAll } = clientTracker();
    try {
      const { ana, bo, cy, id, url, announce } = await scene();
      const live = await liveUrl(t);
      const [anaSocket, boSocket, cySocket] = [
        track(await connectLive(live, ana.accessToken)),
        track(await connectLive(live, bo.accessToken)),
        track(await connectLive(live, cy.accessToken)),
      ];
      const presence = (f: LiveServerFrame) =>
        f.type === 'trip' && f.tripId === id && f.change === 'presence';
      const heard = (socket: typeof anaSocket) => socket.frames.filter(presence).length;

      await announce(bo); // arrives
      await anaSocket.next(presence);
      await cySocket.next(presence);
      await announce(bo); // the same again: nothing to tell
      await announce(bo, `packing-item:${ITEM}`); // opens an editor
      await announce(bo, `packing-item:${ITEM}`);
      await apiCall(t, bo, 'DELETE', url); // leaves
      await apiCall(t, bo, 'DELETE', url);
      // A frame of Ana's own, after Bo's: once it is here, every frame of Bo's is here too.
      await announce(ana);
      await cySocket.next((f) => presence(f) && heard(cySocket) >= 4);
      expect(heard(cySocket)).toBe(4);
      await boSocket.next(presence);
      expect(heard(boSocket)).toBe(1);
      await anaSocket.next((f) => presence(f) && heard(anaSocket) >= 3);
      expect(heard(anaSocket)).toBe(3);
    } finally {
      closeAll();
    }
  });
});
