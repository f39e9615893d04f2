import { randomUUID } from 'node:crypto';
import type { Planner } from '@tripcrew/contracts/trips';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../test/helpers/factories.ts';
import { useTestApp } from '../../test/helpers/test-app.ts';
import { createTrip, crewOf, day, getPlanner, useCatalogue } from '../modules/trips/trips.fixtures.ts';

describe('Idempotency-Key on writes (decision 016)', () => {
  const t = useTestApp();
  const c = useCatalogue(t);

  const tripOf = (user: TestUser, members: string[] = []) =>
    createTrip(t, user, {
      placeId: c.lisbon._id,
      startDate: day(1),
      endDate: day(2),
      featureIds: c.lisbonFeatures.slice(0, 1).map((f) => f._id),
      members,
    });

  const addNote = (user: TestUser, tripId: string, key: string | undefined, text = 'Tram 28 early') =>
    t.request({
      method: 'POST',
      url: `/api/core/trips/${tripId}/planner/notes`,
      token: user.accessToken,
      payload: { date: day(1), text },
      ...(key === undefined ? {} : { headers: { 'idempotency-key': key } }),
    });

  const notesOf = (planner: Planner) =>
    planner.days.flatMap((d) => d.items).filter((item) => item.kind === 'note');

  it('a replay of the same key applies once and answers what the first request answered', async () => {
    const ana = await createUser(t);
    const tripId = await tripOf(ana);
    const key = randomUUID();

    const first = await addNote(ana, tripId, key);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const replay = await addNote(ana, tripId, key.toUpperCase());
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());

    expect(notesOf(await getPlanner(t, ana, tripId))).toHaveLength(1);
    // Another key is another change.
    expect((await addNote(ana, tripId, randomUUID())).statusCode).toBe(200);
    expect(notesOf(await getPlanner(t, ana, tripId))).toHaveLength(2);
  });

  it('a refused write is remembered too: the replay gets the same 4xx', async () => {
    const ana = await createUser(t);
    const tripId = await tripOf(ana);
    const key = randomUUID();
    const first = await addNote(ana, tripId, key, '   ');
    expect(first.statusCode).toBe(400);
    const replay = await addNote(ana, tripId, key, '   ');
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual(first.json());
  });

  it("another user with the same key does not get the first user's answer, nor apply it", async () => {
    const ana = await createUser(t);
    const [ben] = await crewOf(t, ana, 1);
    if (!ben) throw new Error('no crew');
    const tripId = await tripOf(ana, [ben.id]);
    const key = randomUUID();
    expect((await addNote(ana, tripId, key, 'Ana only')).statusCode).toBe(200);

    const stolen = await addNote(ben, tripId, key, 'Ana only');
    expect(stolen.statusCode).toBe(422);
    expect(stolen.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(stolen.json().message).toMatch(/already used for a different request/);
    expect(stolen.body).not.toContain('Ana only');

    // The same user on another path is refused as well.
    const otherTrip = await tripOf(ana);
    expect((await addNote(ana, otherTrip, key)).statusCode).toBe(422);
    expect(notesOf(await getPlanner(t, ana, tripId))).toHaveLength(1);
    expect(notesOf(await getPlanner(t, ana, otherTrip))).toHaveLength(0);
  });

  it('two requests with one key at the same time apply once: the claim commits with the write', async () => {
    const ana = await createUser(t);
    const tripId = await tripOf(ana);
    const key = randomUUID();
    const answers = await Promise.all([addNote(ana, tripId, key), addNote(ana, tripId, key)]);
    const statuses = answers.map((answer) => answer.statusCode).sort();
    // The second waits for the first's transaction, then finds the key taken: it is asked to retry,
    // or, when it came after the stored answer, gets that answer.
    expect([
      [200, 200],
      [200, 409],
    ]).toContainEqual(statuses);
    expect(notesOf(await getPlanner(t, ana, tripId))).toHaveLength(1);
    const retry = await addNote(ana, tripId, key);
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(notesOf(await getPlanner(t, ana, tripId))).toHaveLength(1);
  });

  it('a write whose answer was lost after its commit is not run again: the replay is told it applied', async () => {
    const ana = await createUser(t);
    const tripId = await tripOf(ana);
    const key = randomUUID();
    expect((await addNote(ana, tripId, key)).statusCode).toBe(200);
    // What a process killed between the commit and the stored answer leaves behind.
    await t.database.db.execute(
      sql`update idempotency_keys set status = null, content_type = null, body = null,
        created_at = now() - interval '2 minutes' where key = ${key}`,
    );
    const replay = await addNote(ana, tripId, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toMatchObject({ applied: true });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(notesOf(await getPlanner(t, ana, tripId))).toHaveLength(1);
  });

  it('a refused write rolls its claim back with it: the same key may run again once fixed', async () => {
    const ana = await createUser(t);
    const tripId = await tripOf(ana);
    const key = randomUUID();
    // Refused inside the route (the trip's day does not exist), after the claim was made.
    const refused = await t.request({
      method: 'POST',
      url: `/api/core/trips/${tripId}/planner/notes`,
      token: ana.accessToken,
      payload: { date: day(40), text: 'Out of the trip' },
      headers: { 'idempotency-key': key },
    });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode).toBeLessThan(500);
    const rows = await t.database.db.execute(sql`select 1 from idempotency_keys where key = ${key}`);
    expect((rows as { rows: unknown[] }).rows).toHaveLength(0);
    expect(notesOf(await getPlanner(t, ana, tripId))).toHaveLength(0);
  });

  it('a malformed key is a 400 that names the header, and nothing is applied', async () => {
    const ana = await createUser(t);
    const tripId = await tripOf(ana);
    for (const bad of ['not-a-uuid', `${randomUUID()}0`, 'x'.repeat(300), '']) {
      const res = await addNote(ana, tripId, bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toMatchObject({ code: 'BAD_REQUEST', field: 'Idempotency-Key' });
    }
    expect((await addNote(ana, tripId, 'x'.repeat(37))).json().message).toMatch(/too long/);
    expect(notesOf(await getPlanner(t, ana, tripId))).toHaveLength(0);
  });

  it('writes without a key are unchanged', async () => {
    const ana = await createUser(t);
    const tripId = await tripOf(ana);
    expect((await addNote(ana, tripId, undefined)).statusCode).toBe(200);
    expect((await addNote(ana, tripId, undefined)).statusCode).toBe(200);
    expect(notesOf(await getPlanner(t, ana, tripId))).toHaveLength(2);
  });
});
