import type { CreatedTripInvite, InvitePreview, SharedTrip, TripShare } from '@tripcrew/contracts/trip-links';
import type { Feature } from '@tripcrew/contracts/features';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiCall } from '../../../../test/helpers/api-calls.ts';
import { createUser, type TestUser } from '../../../../test/helpers/factories.ts';
import { useTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';
import { sha256 } from '../../../platform/tokens.ts';
import { createTrip, crewOf, day, getTrip, useCatalogue } from '../trips.fixtures.ts';

async function invite(t: TestApp, admin: TestUser, tripId: string, body: object = {}) {
  const res = await apiCall(t, admin, 'POST', `/core/trips/${tripId}/invites`, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as CreatedTripInvite;
}

describe('trip invite links', () => {
  const t = useTestApp();
  const c = useCatalogue(t);

  it('an admin makes a link with a role; a signed-in person previews it, joins once, and the link counts one use', async () => {
    const ana = await createUser(t, { name: 'Ana Maria' });
    const bo = await createUser(t);
    const tripId = await createTrip(t, ana, { placeId: c.lisbon._id, startDate: day(3), endDate: day(5) });
    const link = await invite(t, ana, tripId, { role: 'viewer', expiresInDays: 3, maxUses: 2 });
    expect(link.url).toMatch(new RegExp(`/invite/${link.token}$`));
    expect(link).toMatchObject({ role: 'viewer', maxUses: 2, uses: 0 });

    // Only the hash of the token is stored.
    const stored = await t.database.db.execute(
      sql`select token_hash from trip_invites where id = ${link._id}`,
    );
    expect(JSON.stringify(stored)).not.toContain(link.token);
    expect(JSON.stringify(stored)).toContain(sha256(link.token));

    const preview = await apiCall(t, bo, 'GET', `/core/invites/${link.token}`);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json() as InvitePreview).toMatchObject({
      tripId,
      place: { _id: c.lisbon._id },
      startDate: day(3),
      role: 'viewer',
      invitedBy: 'Ana',
      alreadyMember: false,
    });

    const joined = await apiCall(t, bo, 'POST', `/core/invites/${link.token}/join`);
    expect(joined.json()).toEqual({ tripId, role: 'viewer', alreadyMember: false });
    const again = await apiCall(t, bo, 'POST', `/core/invites/${link.token}/join`);
    expect(again.json()).toEqual({ tripId, role: 'viewer', alreadyMember: true });
    expect((await getTrip(t, ana, tripId)).users.find((u) => u._id === bo.id)?.role).toBe('viewer');
    const listed = await apiCall(t, ana, 'GET', `/core/trips/${tripId}/invites`);
    expect((listed.json() as CreatedTripInvite[]).map((i) => [i._id, i.uses, 'token' in i])).toEqual([
      [link._id, 1, false],
    ]);
  });

  it('a viewer who joined reads the trip but cannot edit it or keep a checklist', async () => {
    const ana = await createUser(t);
    const bo = await createUser(t);
    const tripId = await createTrip(t, ana, { placeId: c.lisbon._id });
    const link = await invite(t, ana, tripId, { role: 'viewer' });
    await apiCall(t, bo, 'POST', `/core/invites/${link.token}/join`);
    expect((await apiCall(t, bo, 'GET', `/core/trips/${tripId}/planner`)).statusCode).toBe(200);
    const rename = await apiCall(t, bo, 'PATCH', `/core/trips/update/${tripId}`, { tripName: 'Mine' });
    expect(rename.statusCode).toBe(403);
    const tick = await apiCall(t, bo, 'PUT', `/core/trips/${tripId}/checklist`, { entries: ['Passport'] });
    expect(tick.statusCode).toBe(403);
    expect(tick.json().message).toMatch(/read-only/);
  });

  it('revoked, expired, used-up, unknown and malformed links each say so, and join nobody', async () => {
    const ana = await createUser(t);
    const [bo, cy, di] = [await createUser(t), await createUser(t), await createUser(t)];
    const tripId = await createTrip(t, ana, { placeId: c.lisbon._id });

    const revoked = await invite(t, ana, tripId);
    expect((await apiCall(t, ana, 'DELETE', `/core/trips/${tripId}/invites/${revoked._id}`)).json()).toEqual({
      ok: true,
    });
    const r = await apiCall(t, bo, 'POST', `/core/invites/${revoked.token}/join`);
    expect([r.statusCode, r.json().message]).toEqual([410, expect.stringMatching(/revoked/)]);

    const expired = await invite(t, ana, tripId);
    await t.database.db.execute(
      sql`update trip_invites set expires_at = now() - interval '1 minute' where id = ${expired._id}`,
    );
    const e = await apiCall(t, bo, 'GET', `/core/invites/${expired.token}`);
    expect([e.statusCode, e.json().message]).toEqual([410, expect.stringMatching(/expired/)]);

    const once = await invite(t, ana, tripId, { maxUses: 1 });
    expect((await apiCall(t, cy, 'POST', `/core/invites/${once.token}/join`)).statusCode).toBe(200);
    const u = await apiCall(t, di, 'POST', `/core/invites/${once.token}/join`);
    expect([u.statusCode, u.json().message]).toEqual([410, expect.stringMatching(/used/)]);

    for (const token of ['A'.repeat(43), 'not-a-token', `${once.token}x`]) {
      const res = await apiCall(t, bo, 'POST', `/core/invites/${token}/join`);
      expect(res.statusCode, token).toBe(404);
    }
    const members = (await getTrip(t, ana, tripId)).users.map((m) => m._id).sort();
    expect(members).toEqual([ana.id, cy.id].sort());
    // Revoked and expired links are no longer listed.
    const listed = await apiCall(t, ana, 'GET', `/core/trips/${tripId}/invites`);
    expect((listed.json() as CreatedTripInvite[]).map((i) => i._id)).toEqual([once._id]);
  });

  it("another trip's invite id cannot be revoked through this trip, and bad bodies are 400s", async () => {
    const ana = await createUser(t);
    const first = await createTrip(t, ana, { placeId: c.lisbon._id });
    const second = await createTrip(t, ana, { placeId: c.lisbon._id });
    const link = await invite(t, ana, second);
    const res = await apiCall(t, ana, 'DELETE', `/core/trips/${first}/invites/${link._id}`);
    expect(res.statusCode).toBe(404);
    for (const body of [
      { role: 'admin' },
      { role: 'captain' },
      { expiresInDays: 0 },
      { maxUses: 0 },
      { x: 1 },
    ]) {
      const bad = await apiCall(t, ana, 'POST', `/core/trips/${first}/invites`, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await apiCall(t, ana, 'GET', `/core/trips/${first}/invites`)).json()).toEqual([]);
  });

  it('signed out, a link can be neither previewed nor used', async () => {
    const ana = await createUser(t);
    const tripId = await createTrip(t, ana, { placeId: c.lisbon._id });
    const link = await invite(t, ana, tripId);
    expect((await t.request({ method: 'GET', url: `/api/core/invites/${link.token}` })).statusCode).toBe(401);
  });
});

describe('trip public share link', () => {
  const t = useTestApp();
  const c = useCatalogue(t);

  it('shows name, place, dates, features, day plan and first names only, to anyone, until turned off', async () => {
    const ana = await createUser(t, { name: 'Ana', lastName: 'Secretname' });
    const [bo] = (await crewOf(t, ana, 1)) as [TestUser];
    const [first] = c.lisbonFeatures as [Feature];
    const tripId = await createTrip(t, ana, {
      placeId: c.lisbon._id,
      startDate: day(2),
      endDate: day(3),
      featureIds: [first._id],
      members: [bo.id],
    });
    await apiCall(t, ana, 'POST', `/core/trips/${tripId}/planner/notes`, {
      date: day(2),
      text: 'Lunch',
      time: '12:30',
    });
    await apiCall(t, ana, 'PUT', `/core/trips/${tripId}/checklist`, { entries: ['Passport'] });
    expect((await apiCall(t, ana, 'GET', `/core/trips/${tripId}/share`)).json()).toEqual({
      enabled: false,
      createdAt: null,
      url: null,
    });

    const on = (await apiCall(t, ana, 'POST', `/core/trips/${tripId}/share`)).json() as TripShare;
    expect(on.enabled).toBe(true);
    const token = (on.url ?? '').split('/share/')[1] ?? '';
    const res = await t.request({ method: 'GET', url: `/api/core/share/${token}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['x-robots-tag']).toMatch(/noindex/);
    const shared = res.json() as SharedTrip;
    expect(shared).toMatchObject({ startDate: day(2), endDate: day(3), place: { _id: c.lisbon._id } });
    expect(shared.features.map((f) => f._id)).toEqual([first._id]);
    expect(shared.days).toEqual([
      { date: day(2), items: [expect.objectContaining({ title: 'Lunch', time: '12:30' })] },
    ]);
    expect(shared.crew).toContain('Ana');
    const text = res.body;
    for (const secret of ['Secretname', ana.email, bo.email, 'Passport', ana.id, bo.id]) {
      expect(text, secret).not.toContain(secret);
    }
    // The status never shows the URL again (only a hash is kept).
    expect((await apiCall(t, ana, 'GET', `/core/trips/${tripId}/share`)).json()).toMatchObject({
      enabled: true,
      url: null,
    });

    // A new link replaces the old one; turning sharing off makes every link a 404.
    const next = (await apiCall(t, ana, 'POST', `/core/trips/${tripId}/share`)).json() as TripShare;
    const nextToken = (next.url ?? '').split('/share/')[1] ?? '';
    expect((await t.request({ method: 'GET', url: `/api/core/share/${token}` })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: `/api/core/share/${nextToken}` })).statusCode).toBe(200);
    expect((await apiCall(t, ana, 'DELETE', `/core/trips/${tripId}/share`)).json()).toEqual({ ok: true });
    expect((await t.request({ method: 'GET', url: `/api/core/share/${nextToken}` })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/core/share/nonsense' })).statusCode).toBe(404);
  });
});
