import type { PackingItem } from '@tripcrew/contracts/trip-packing';
import { describe, expect, it } from 'vitest';
import { apiCall } from '../../../../test/helpers/api-calls.ts';
import { createUser, type TestUser } from '../../../../test/helpers/factories.ts';
import { useTestApp } from '../../../../test/helpers/test-app.ts';
import { anaCrewTrip, createTrip, crewOf, setRole, useCatalogue } from '../trips.fixtures.ts';

describe('trip shared packing list', () => {
  const t = useTestApp();
  const c = useCatalogue(t);

  it('members add items, assign them to a member and tick them for everyone', async () => {
    const {
      ana,
      crew: [bo],
      tripId,
    } = await anaCrewTrip(t, c, 1);

    const added = await apiCall(t, bo, 'POST', `/core/trips/${tripId}/packing`, { text: '  Sunscreen ' });
    expect(added.statusCode, added.body).toBe(200);
    const [sunscreen] = added.json() as [PackingItem];
    expect(sunscreen).toMatchObject({ text: 'Sunscreen', assignedTo: null, done: false, createdBy: bo.id });

    const assigned = await apiCall(t, bo, 'PATCH', `/core/trips/${tripId}/packing/${sunscreen._id}`, {
      assignedTo: ana.id,
    });
    expect((assigned.json() as PackingItem[])[0]?.assignedTo).toEqual({ _id: ana.id, name: 'Ana Silva' });
    await apiCall(t, ana, 'POST', `/core/trips/${tripId}/packing`, { text: 'Adapter', assignedTo: bo.id });
    const ticked = await apiCall(t, ana, 'PATCH', `/core/trips/${tripId}/packing/${sunscreen._id}`, {
      done: true,
    });
    expect(ticked.statusCode).toBe(200);

    // Everyone sees the same list: the tick is for all.
    const seen = (await apiCall(t, bo, 'GET', `/core/trips/${tripId}/packing`)).json() as PackingItem[];
    expect(seen.map((i) => [i.text, i.done, i.assignedTo?._id ?? null])).toEqual([
      ['Sunscreen', true, ana.id],
      ['Adapter', false, bo.id],
    ]);

    // Bo leaves: the adapter goes back to anyone.
    await apiCall(t, bo, 'DELETE', `/core/trips/${tripId}/members/${bo.id}`);
    const after = (await apiCall(t, ana, 'GET', `/core/trips/${tripId}/packing`)).json() as PackingItem[];
    expect(after.map((i) => i.assignedTo?._id ?? null)).toEqual([ana.id, null]);

    expect(
      (await apiCall(t, ana, 'DELETE', `/core/trips/${tripId}/packing/${sunscreen._id}`)).json(),
    ).toEqual({
      ok: true,
    });
    expect(
      ((await apiCall(t, ana, 'GET', `/core/trips/${tripId}/packing`)).json() as PackingItem[]).length,
    ).toBe(1);
  });

  it('[PACKING-31] bad input (a viewer as the one who brings it included) answers 400 and writes nothing; a viewer reads but cannot change; strangers get 404', async () => {
    const ana = await createUser(t);
    const [bo, cy] = (await crewOf(t, ana, 2)) as [TestUser, TestUser];
    const stranger = await createUser(t);
    const tripId = await createTrip(t, ana, { placeId: c.lisbon._id, members: [bo.id, cy.id] });
    await setRole(t, ana, tripId, cy.id, 'viewer');
    const url = `/core/trips/${tripId}/packing`;
    for (const body of [
      { text: '' },
      { text: 'x'.repeat(121) },
      { text: 'Hat', assignedTo: stranger.id },
      {},
    ]) {
      const res = await apiCall(t, ana, 'POST', url, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    // A viewer does not travel: nobody counts on them to bring something.
    const toViewer = await apiCall(t, ana, 'POST', url, { text: 'Hat', assignedTo: cy.id });
    expect([toViewer.statusCode, toViewer.json().message]).toEqual([400, expect.stringMatching(/viewer/)]);
    const [item] = (await apiCall(t, ana, 'POST', url, { text: 'Hat' })).json() as [PackingItem];
    expect((await apiCall(t, ana, 'PATCH', `${url}/${item._id}`, {})).statusCode).toBe(400);
    expect((await apiCall(t, ana, 'PATCH', `${url}/${item._id}`, { assignedTo: cy.id })).statusCode).toBe(
      400,
    );
    expect(
      (await apiCall(t, ana, 'PATCH', `${url}/00000000-0000-4000-8000-000000000000`, { done: true }))
        .statusCode,
    ).toBe(404);
    expect((await apiCall(t, cy, 'GET', url)).statusCode).toBe(200);
    const refused = await apiCall(t, cy, 'PATCH', `${url}/${item._id}`, { done: true });
    expect([refused.statusCode, refused.json().message]).toEqual([403, expect.stringMatching(/read-only/)]);
    expect((await apiCall(t, stranger, 'GET', url)).statusCode).toBe(404);
    const list = (await apiCall(t, ana, 'GET', url)).json() as PackingItem[];
    expect(list.map((i) => [i.text, i.done])).toEqual([['Hat', false]]);
  });

  it('[PACKING-30] a viewer reads the shared list, who brings what and the ticks; each write answers 403 and writes nothing', async () => {
    const {
      ana,
      crew: [bo, vi],
      tripId,
    } = await anaCrewTrip(t, c, 2);
    await setRole(t, ana, tripId, vi.id, 'viewer');
    const url = `/core/trips/${tripId}/packing`;
    await apiCall(t, ana, 'POST', url, { text: 'Tent', assignedTo: bo.id });
    const [tent] = (await apiCall(t, bo, 'POST', url, { text: 'Stove' })).json() as [PackingItem];
    await apiCall(t, bo, 'PATCH', `${url}/${tent._id}`, { done: true });
    const before = (await apiCall(t, ana, 'GET', url)).json() as PackingItem[];

    const read = await apiCall(t, vi, 'GET', url);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual(before);
    // What a viewer learns of people is what the trip's member list shows them already.
    expect(before.map((i) => [i.text, i.done, i.assignedTo])).toEqual([
      ['Tent', true, { _id: bo.id, name: `${bo.name} ${bo.lastName}` }],
      ['Stove', false, null],
    ]);

    const writes = [
      ['POST', url, { text: 'Hat' }],
      ['POST', url, { text: 'Hat', assignedTo: vi.id }],
      ['PATCH', `${url}/${tent._id}`, { done: false }],
      ['PATCH', `${url}/${tent._id}`, { text: 'Big tent' }],
      ['PATCH', `${url}/${tent._id}`, { assignedTo: vi.id }],
      ['PATCH', `${url}/${tent._id}`, { assignedTo: null }],
      ['DELETE', `${url}/${tent._id}`, undefined],
    ] as const;
    for (const [method, path, body] of writes) {
      const refused = await apiCall(t, vi, method, path, body);
      expect([refused.statusCode, refused.json().message], `${method} ${JSON.stringify(body)}`).toEqual([
        403,
        'Your role in this trip is read-only (viewer): you cannot change the packing list.',
      ]);
    }
    expect((await apiCall(t, ana, 'GET', url)).json()).toEqual(before);
  });
});
