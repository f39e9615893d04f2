import type { Trip } from '@tripcrew/contracts/trips';
import type { LiveServerFrame } from '@tripcrew/contracts/live';
import { describe, expect, it } from 'vitest';
import { apiCall, expectError } from '../../../../test/helpers/api-calls.ts';
import { createUser, type TestUser } from '../../../../test/helpers/factories.ts';
import { useTestApp } from '../../../../test/helpers/test-app.ts';
import { clientTracker, connectLive, liveUrl } from '../../chats/core/live.fixtures.ts';
import { createTrip, crewOf, getTrip, setRole, useCatalogue } from '../trips.fixtures.ts';

describe('trip members', () => {
  const t = useTestApp();
  const c = useCatalogue(t);

  it('[TRIP-10] members are added from the crew, their roles set to any role, and removed', async () => {
    const ana = await createUser(t);
    const [bo, cy] = (await crewOf(t, ana, 2)) as [TestUser, TestUser];
    const id = await createTrip(t, ana, { placeId: c.lisbon._id });
    const add = await apiCall(t, ana, 'POST', `/core/trips/${id}/members`, { userId: bo.id, role: 'driver' });
    expect(add.statusCode, add.body).toBe(200);
    expect((add.json() as Trip).users.find((u) => u._id === bo.id)?.role).toBe('driver');
    const defaultRole = await apiCall(t, ana, 'POST', `/core/trips/${id}/members`, { userId: cy.id });
    expect((defaultRole.json() as Trip).users.find((u) => u._id === cy.id)?.role).toBe('member');
    const twice = await apiCall(t, ana, 'POST', `/core/trips/${id}/members`, { userId: cy.id });
    expect(twice.statusCode).toBe(409);

    for (const role of ['admin', 'member', 'driver', 'guide', 'guest', 'other'] as const) {
      const res = await apiCall(t, ana, 'PATCH', `/core/trips/${id}/members/${bo.id}`, { role });
      expect(res.statusCode, role).toBe(200);
      expect((res.json() as Trip).users.find((u) => u._id === bo.id)?.role).toBe(role);
    }
    expect(
      (await apiCall(t, ana, 'PATCH', `/core/trips/${id}/members/${bo.id}`, { role: 'captain' })).statusCode,
    ).toBe(400);

    const remove = await apiCall(t, ana, 'DELETE', `/core/trips/${id}/members/${bo.id}`);
    expect(remove.statusCode).toBe(200);
    expect((await getTrip(t, ana, id)).users.map((u) => u._id)).not.toContain(bo.id);
    // A removed member no longer sees the trip.
    expect(
      (await t.request({ method: 'GET', url: `/api/core/trips/${id}`, token: bo.accessToken })).statusCode,
    ).toBe(404);
  });

  it('[TRIP-10] the endpoints are in the OpenAPI document', async () => {
    const res = await t.request({ method: 'GET', url: '/api/docs/json' });
    const paths = (res.json() as { paths: Record<string, Record<string, { tags?: string[] }>> }).paths;
    expect(Object.keys(paths['/core/trips/{id}/members'] ?? {})).toEqual(['post']);
    expect(Object.keys(paths['/core/trips/{id}/members/{userId}'] ?? {}).sort()).toEqual(['delete', 'patch']);
    expect(Object.keys(paths['/core/trips/{id}/members/{userId}/hand-over'] ?? {})).toEqual(['post']);
    for (const path of ['/core/trips', '/core/trips/{id}/planner', '/core/trips/{id}/checklist']) {
      expect(paths[path], path).toBeDefined();
    }
    expect(paths['/core/trips/{id}']?.get?.tags).toEqual(['trips']);
  });

  it("[TRIP-02] a member from outside the admin's crew answers 400", async () => {
    const ana = await createUser(t);
    const stranger = await createUser(t);
    const id = await createTrip(t, ana, { placeId: c.lisbon._id });
    for (const userId of [stranger.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await apiCall(t, ana, 'POST', `/core/trips/${id}/members`, { userId });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/crew/);
    }
  });

  it('[TRIP-10] any member may leave; the last admin can be neither removed nor demoted nor leave', async () => {
    const ana = await createUser(t);
    const [bo, cy] = (await crewOf(t, ana, 2)) as [TestUser, TestUser];
    const id = await createTrip(t, ana, { placeId: c.lisbon._id, members: [bo.id, cy.id] });
    const demote = await apiCall(t, ana, 'PATCH', `/core/trips/${id}/members/${ana.id}`, { role: 'member' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().message).toMatch(/at least one admin/);
    const leave = await apiCall(t, ana, 'DELETE', `/core/trips/${id}/members/${ana.id}`);
    expect(leave.statusCode).toBe(409);
    expect(leave.json().message).toMatch(/last admin/);

    // A member cannot remove someone else, but can leave.
    const kick = await apiCall(t, bo, 'DELETE', `/core/trips/${id}/members/${cy.id}`);
    expect(kick.statusCode).toBe(403);
    const left = await apiCall(t, bo, 'DELETE', `/core/trips/${id}/members/${bo.id}`);
    expect(left.statusCode).toBe(200);

    // With a second admin, the first may step down.
    await apiCall(t, ana, 'PATCH', `/core/trips/${id}/members/${cy.id}`, { role: 'admin' });
    const stepDown = await apiCall(t, ana, 'DELETE', `/core/trips/${id}/members/${ana.id}`);
    expect(stepDown.statusCode).toBe(200);
    expect((await getTrip(t, cy, id)).users.map((u) => [u._id, u.role])).toEqual([[cy.id, 'admin']]);
  });

  describe('hand over the admin role', () => {
    const roles = (trip: Trip) => Object.fromEntries(trip.users.map((u) => [u._id, u.role]));
    const handOver = (caller: TestUser, id: string, target: string) =>
      apiCall(t, caller, 'POST', `/core/trips/${id}/members/${target}/hand-over`);

    /** A trip of ana (admin) with bo (member) and cy (viewer). */
    async function scene() {
      const ana = await createUser(t);
      const [bo, cy] = (await crewOf(t, ana, 2)) as [TestUser, TestUser];
      const id = await createTrip(t, ana, { placeId: c.lisbon._id, members: [bo.id, cy.id] });
      await setRole(t, ana, id, cy.id, 'viewer');
      return { ana, bo, cy, id };
    }

    it('[MEMBERS-14] in one request the member becomes admin and the caller a member', async () => {
      const { ana, bo, cy, id } = await scene();
      const res = await handOver(ana, id, bo.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(roles(res.json() as Trip)).toEqual({ [ana.id]: 'member', [bo.id]: 'admin', [cy.id]: 'viewer' });
      expect(roles(await getTrip(t, bo, id))).toEqual(roles(res.json() as Trip));
      // The former admin manages no more; the new one does.
      expect((await handOver(ana, id, cy.id)).statusCode).toBe(403);
      const toViewer = await handOver(bo, id, cy.id);
      expect(toViewer.statusCode, toViewer.body).toBe(200);
      expect(roles(toViewer.json() as Trip)).toEqual({
        [ana.id]: 'member',
        [bo.id]: 'member',
        [cy.id]: 'admin',
      });
    });

    it('[MEMBERS-19] the new admin and the other members hear of it live, as for a role change', async () => {
      const { track, closeAll } = clientTracker();
      try {
        const { ana, bo, cy, id } = await scene();
        const url = await liveUrl(t);
        const [boSocket, cySocket] = [
          track(await connectLive(url, bo.accessToken)),
          track(await connectLive(url, cy.accessToken)),
        ];
        expect((await handOver(ana, id, bo.id)).statusCode).toBe(200);
        const members = (f: LiveServerFrame) =>
          f.type === 'trip' && f.tripId === id && f.change === 'members';
        await boSocket.next(members);
        await cySocket.next(members);
      } finally {
        closeAll();
      }
    });

    it('[MEMBERS-15] a non-admin gets 403, a stranger and an unknown trip 404', async () => {
      const { ana, bo, cy, id } = await scene();
      expectError(await handOver(bo, id, cy.id), 403, /admin/);
      expectError(await handOver(cy, id, bo.id), 403, /admin/);
      expectError(await handOver(await createUser(t), id, bo.id), 404, /Trip not found/);
      expectError(await handOver(ana, '00000000-0000-4000-8000-000000000000', bo.id), 404, /Trip not found/);
      expectError(await handOver(ana, 'not-a-uuid', bo.id), 404, /Trip not found/);
      expect(roles(await getTrip(t, ana, id))[ana.id]).toBe('admin');
    });

    it('[MEMBERS-16] handing it to oneself answers 400, to a non-member 404, and nothing is written', async () => {
      const { ana, bo, cy, id } = await scene();
      const before = roles(await getTrip(t, ana, id));
      expectError(await handOver(ana, id, ana.id), 400, /yourself/);
      expectError(await handOver(ana, id, ana.id.toUpperCase()), 400, /yourself/);
      const [outsider] = (await crewOf(t, ana, 1)) as [TestUser];
      expectError(await handOver(ana, id, outsider.id), 404, /not a member/);
      expectError(await handOver(ana, id, '00000000-0000-4000-8000-000000000000'), 404, /not a member/);
      expectError(await handOver(ana, id, 'not-a-uuid'), 404, /not a member/);
      expect(roles(await getTrip(t, ana, id))).toEqual(before);
      expect(before).toEqual({ [ana.id]: 'admin', [bo.id]: 'member', [cy.id]: 'viewer' });
    });
  });
});
