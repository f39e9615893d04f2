import { randomUUID } from 'node:crypto';
import type { CrewRequestResult, CrewRequests, CrewSearchResult, CrewUser } from '@tripcrew/contracts/crew';
import type { UserProfile } from '@tripcrew/contracts/users';
import { and, count, eq, or } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { apiCaller, expectError, expectJson } from '../../../test/helpers/api-calls.ts';
import { createUser, insertUser, type TestUser } from '../../../test/helpers/factories.ts';
import { useTestApp } from '../../../test/helpers/test-app.ts';
import { users } from '../users/users.table.ts';
import { addCrewPair } from './crew.repository.ts';
import { crewLinks, crewRequests } from './crew.table.ts';

/** Letters and digits only, unique per call: a search term that matches only this test's people. */
const tag = () => `q${randomUUID().replace(/-/g, '').slice(0, 12)}`;

describe('crew', () => {
  const t = useTestApp();

  const call = apiCaller(t);
  const search = (user: TestUser, query: string) =>
    call(user, 'GET', `/users/crew/search?query=${encodeURIComponent(query)}`);
  const ask = (user: TestUser, userId: string) => call(user, 'POST', '/users/crew/crew-request', { userId });
  const requestsOf = (user: TestUser) => expectJson<CrewRequests>(call(user, 'GET', '/users/crew/requests'));
  const crewOf = (user: TestUser) => expectJson<CrewUser[]>(call(user, 'GET', '/users/crew/my-crew'));
  const profile = (viewer: TestUser | null, id: string) =>
    expectJson<UserProfile>(call(viewer, 'GET', `/users/users/${id}`));
  /** A pending request from `from` to `to`; resolves to its id. */
  const pending = async (from: TestUser, to: { id: string }): Promise<string> => {
    const id = (await expectJson<CrewRequestResult>(ask(from, to.id), 201)).request?._id;
    if (!id) throw new Error('no request id');
    return id;
  };
  /** The rows of `table` between a and b, in either direction (`x`→`y` columns). */
  const pairRows = async (table: PgTable, x: PgColumn, y: PgColumn, a: string, b: string) =>
    (
      await t.database.db
        .select({ n: count() })
        .from(table)
        .where(or(and(eq(x, a), eq(y, b)), and(eq(x, b), eq(y, a))))
    )[0]?.n;
  const requestRows = (a: string, b: string) =>
    pairRows(crewRequests, crewRequests.fromUserId, crewRequests.toUserId, a, b);
  const linkRows = (a: string, b: string) => pairRows(crewLinks, crewLinks.userId, crewLinks.friendId, a, b);

  // ------------------------------------------------------------------ search

  describe('search', () => {
    it('[CREW-08] fewer than 3 characters (after trimming) answers 400 saying how many are needed', async () => {
      const ana = await createUser(t);
      for (const query of ['', 'ab', '  ab  ', 'a']) {
        expectError(await search(ana, query), 400, /at least 3 characters/);
      }
      expectError(await call(ana, 'GET', '/users/crew/search'), 400, /query/);
    });

    it('[CREW-08] anything but letters and digits, or a whole email address, answers 400', async () => {
      const ana = await createUser(t);
      for (const query of [
        'ana@example',
        '@example.test',
        'ana@',
        'ana.maria',
        'ana maria',
        '+491701234',
        'ana%',
        "o'brien",
        'ana_b',
      ]) {
        expectError(await search(ana, query), 400, /letters and digits only/);
      }
      expectError(await search(ana, 'x'.repeat(65)), 400, /at most 64/);
    });

    it('[CREW-08] searching needs a signed-in user', async () => {
      const res = await call(null, 'GET', '/users/crew/search?query=anna');
      expect(res.statusCode).toBe(401);
    });

    it('[CREW-09] matches name and last name by substring, case-insensitively, with _id, name, lastName and image', async () => {
      const me = await createUser(t);
      const term = tag();
      const byName = await insertUser(t, { name: `Ana${term}`, lastName: 'First' });
      const byLastName = await insertUser(t, { name: 'Bea', lastName: `${term}Second` });
      await insertUser(t, { name: 'Cy', lastName: 'Third', email: `${term}@example.test` });
      await insertUser(t, { name: 'Eve', lastName: 'Nobody' });

      const res = await search(me, term.toUpperCase());
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      const found = res.json() as CrewSearchResult[];
      // The email that contains the term is not a match: an email matches only whole.
      expect(found.map((u) => u._id).sort()).toEqual([byName.id, byLastName.id].sort());
      expect(found.find((u) => u._id === byName.id)).toEqual({
        _id: byName.id,
        name: `Ana${term}`,
        lastName: 'First',
        image: null,
      });
      // Surrounding spaces are trimmed.
      const spaced = await search(me, `  ${term}  `);
      expect((spaced.json() as CrewSearchResult[]).length).toBe(2);
    });

    it('[CREW-09] a whole email finds only people who allow it, which they set on their own privacy setting', async () => {
      const me = await createUser(t);
      const other = await createUser(t);
      const ids = async (query: string) =>
        (await expectJson<CrewSearchResult[]>(search(me, query))).map((u) => u._id);
      const privacy = (user: TestUser) => call(user, 'GET', '/users/users/me/privacy');
      const setPrivacy = (user: TestUser, body: object) => call(user, 'PUT', '/users/users/me/privacy', body);

      // Off by default: a stranger learns nothing from the address.
      expect((await privacy(other)).json()).toEqual({ findableByEmail: false });
      expect(await ids(other.email)).toEqual([]);

      expect((await setPrivacy(other, { findableByEmail: true })).json()).toEqual({ findableByEmail: true });
      expect((await privacy(other)).json()).toEqual({ findableByEmail: true });
      expect(await ids(other.email)).toEqual([other.id]);

      await expectJson(setPrivacy(other, { findableByEmail: false }));
      expect(await ids(other.email)).toEqual([]);

      // Bad input names the problem; the setting is the caller's own and needs a signed-in user.
      expectError(await setPrivacy(other, { findableByEmail: 'yes' }), 400, /findableByEmail/);
      expectError(await setPrivacy(other, { findableByEmail: true, email: 'x@y.z' }), 400, /email/);
      expect((await call(null, 'GET', '/users/users/me/privacy')).statusCode).toBe(401);
    });

    it('[CREW-09] an email matches only whole (any case), a phone only by all its digits: a part of either finds nobody', async () => {
      const me = await createUser(t);
      const term = tag();
      const email = `${term}.crew@tripcrew.test`;
      const byEmail = await insertUser(t, { name: 'Cy', lastName: 'Third', email });
      const phoneDigits = `49${Math.floor(Math.random() * 1e10)}`.padEnd(12, '7');
      const byPhone = await insertUser(t, { name: 'Dee', lastName: 'Fourth' });
      await t.database.db
        .update(users)
        .set({ phone: `+${phoneDigits.slice(0, 2)} ${phoneDigits.slice(2, 5)} ${phoneDigits.slice(5)}` })
        .where(eq(users.id, byPhone.id));
      const ids = async (query: string) => {
        const res = await search(me, query);
        expect(res.statusCode, res.body).toBe(200);
        return (res.json() as CrewSearchResult[]).map((u) => u._id);
      };

      // Parts of the email: its local part, its domain name; none lists the account.
      expect(await ids(term)).not.toContain(byEmail.id);
      expect(await ids('tripcrew')).not.toContain(byEmail.id);
      expect(await ids('crew')).not.toContain(byEmail.id);
      // The whole email finds nobody until the person allows it (a profile setting, off by default)…
      expect(await ids(email)).toEqual([]);
      await t.database.db.update(users).set({ findableByEmail: true }).where(eq(users.id, byEmail.id));
      // …then it finds them, whatever its case.
      expect(await ids(email)).toEqual([byEmail.id]);
      expect(await ids(`  ${email.toUpperCase()}  `)).toEqual([byEmail.id]);
      // Another whole email finds nobody.
      expect(await ids(`x${email}`)).toEqual([]);

      // A phone matches on all its digits, whatever its formatting; a part of them finds nobody.
      expect(await ids(phoneDigits)).toEqual([byPhone.id]);
      expect(await ids(phoneDigits.slice(2, 11))).toEqual([]);
      expect(await ids(phoneDigits.slice(0, 6))).toEqual([]);
    });

    it('[CREW-09] never returns the caller nor unconfirmed accounts, and at most 20 people', async () => {
      const term = tag();
      const me = await createUser(t, { name: `Me${term}` });
      await insertUser(t, { name: `Unconfirmed${term}`, confirmed: false });
      for (let i = 0; i < 22; i += 1) await insertUser(t, { name: `P${String(i).padStart(2, '0')}${term}` });
      const res = await search(me, term);
      expect(res.statusCode, res.body).toBe(200);
      const found = res.json() as CrewSearchResult[];
      expect(found).toHaveLength(20);
      expect(found.map((u) => u._id)).not.toContain(me.id);
      expect(found.every((u) => u.name.startsWith('P'))).toBe(true);
      // By name.
      expect(found.map((u) => u.name)).toEqual([...found.map((u) => u.name)].sort());
    });

    it("[CREW-09] status is 'friend', 'pending' (I asked) or 'incoming' (they asked), absent for strangers", async () => {
      const term = tag();
      const me = await createUser(t, { name: `Me${term}` });
      const friend = await createUser(t, { name: `Friend${term}` });
      const asked = await createUser(t, { name: `Asked${term}` });
      const asking = await createUser(t, { name: `Asking${term}` });
      const stranger = await createUser(t, { name: `Stranger${term}` });
      await addCrewPair(t.database.db, me.id, friend.id);
      await pending(me, asked);
      await pending(asking, me);
      const found = (await search(me, term)).json() as CrewSearchResult[];
      const statusOf = (id: string) => found.find((u) => u._id === id)?.status;
      expect(statusOf(friend.id)).toBe('friend');
      expect(statusOf(asked.id)).toBe('pending');
      expect(statusOf(asking.id)).toBe('incoming');
      expect(statusOf(stranger.id)).toBeUndefined();
      expect(found.find((u) => u._id === stranger.id)).not.toHaveProperty('status');
      // Seen from the other side, and never the searcher.
      const askedSees = (await search(asked, term)).json() as CrewSearchResult[];
      expect(askedSees.find((u) => u._id === me.id)?.status).toBe('incoming');
      expect(askedSees.map((u) => u._id)).not.toContain(asked.id);
      const askingSees = (await search(asking, term)).json() as CrewSearchResult[];
      expect(askingSees.find((u) => u._id === me.id)?.status).toBe('pending');
      const friendSees = (await search(friend, term)).json() as CrewSearchResult[];
      expect(friendSees.find((u) => u._id === me.id)?.status).toBe('friend');
    });
  });

  // ------------------------------------------------------------------ requests

  describe('crew-request', () => {
    it('[CREW-13] a new request answers 201 {status: pending, request} and shows up on both sides', async () => {
      const ana = await createUser(t, { name: 'Ana', lastName: 'Asker' });
      const bo = await createUser(t, { name: 'Bo', lastName: 'Asked' });
      const res = await ask(ana, bo.id);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.headers['cache-control']).toBe('private, no-store');
      const body = res.json() as CrewRequestResult;
      expect(body).toEqual({
        status: 'pending',
        request: {
          _id: expect.any(String),
          user: { _id: bo.id, name: 'Bo', lastName: 'Asked', image: null },
          createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        },
      });
      expect((await requestsOf(ana)).outgoing.map((r) => r._id)).toEqual([body.request?._id]);
      expect((await requestsOf(bo)).incoming.map((r) => r._id)).toEqual([body.request?._id]);
    });

    it('[CREW-13] a request to oneself answers 400', async () => {
      const ana = await createUser(t);
      expectError(await ask(ana, ana.id), 400, /yourself/);
      expectError(await ask(ana, ana.id.toUpperCase()), 400, /yourself/);
      expect(await requestRows(ana.id, ana.id)).toBe(0);
    });

    it('[CREW-13] a request to an unknown or malformed user id answers 404, a missing one 400', async () => {
      const ana = await createUser(t);
      expectError(await ask(ana, randomUUID()), 404, /no user with this id/);
      expectError(await ask(ana, 'not-a-uuid'), 404, /no user with this id/);
      expectError(await ask(ana, "1' or '1'='1"), 404, /no user/);
      expect((await call(ana, 'POST', '/users/crew/crew-request', {})).statusCode).toBe(400);
      expect((await call(ana, 'POST', '/users/crew/crew-request', { userId: '' })).statusCode).toBe(400);
      expect(
        (await call(ana, 'POST', '/users/crew/crew-request', { userId: randomUUID(), extra: 1 })).statusCode,
      ).toBe(400);
      expect((await call(null, 'POST', '/users/crew/crew-request', { userId: ana.id })).statusCode).toBe(401);
    });

    it('[CREW-13] a duplicate request creates no second request and answers the existing one with 200', async () => {
      const ana = await createUser(t);
      const bo = await createUser(t);
      const first = await pending(ana, bo);
      const again = await ask(ana, bo.id);
      expect(again.statusCode, again.body).toBe(200);
      expect((again.json() as CrewRequestResult).status).toBe('pending');
      expect((again.json() as CrewRequestResult).request?._id).toBe(first);
      expect(await requestRows(ana.id, bo.id)).toBe(1);
      expect((await requestsOf(bo)).incoming).toHaveLength(1);
    });

    it('[CREW-13] [CREW-11] a request to someone who already asked you becomes an accept', async () => {
      const ana = await createUser(t, { name: 'Ana' });
      const bo = await createUser(t, { name: 'Bo' });
      await pending(bo, ana);
      const res = await ask(ana, bo.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ status: 'friend' });
      expect(await requestRows(ana.id, bo.id)).toBe(0);
      expect(await linkRows(ana.id, bo.id)).toBe(2);
      expect((await crewOf(ana)).map((u) => u._id)).toEqual([bo.id]);
      expect((await crewOf(bo)).map((u) => u._id)).toEqual([ana.id]);
      expect(await requestsOf(ana)).toEqual({ incoming: [], outgoing: [] });
      expect(await requestsOf(bo)).toEqual({ incoming: [], outgoing: [] });
    });

    it('[CREW-13] simultaneous duplicate or crossed requests leave one request, or a crew pair and no request', async () => {
      const ana = await createUser(t);
      const bo = await createUser(t);
      const twice = await Promise.all([ask(ana, bo.id), ask(ana, bo.id)]);
      expect(twice.map((r) => r.statusCode).sort()).toEqual([200, 201]);
      expect(await requestRows(ana.id, bo.id)).toBe(1);

      const cy = await createUser(t);
      const dee = await createUser(t);
      const crossed = await Promise.all([ask(cy, dee.id), ask(dee, cy.id)]);
      expect(crossed.map((r) => r.statusCode).sort()).toEqual([200, 201]);
      expect(crossed.map((r) => (r.json() as CrewRequestResult).status).sort()).toEqual([
        'friend',
        'pending',
      ]);
      expect(await requestRows(cy.id, dee.id)).toBe(0);
      expect(await linkRows(cy.id, dee.id)).toBe(2);
    });

    it('[CREW-13] a request to someone already in your crew answers 409 with their name', async () => {
      const ana = await createUser(t);
      const bo = await createUser(t, { name: 'Bo', lastName: 'Buddy' });
      await addCrewPair(t.database.db, ana.id, bo.id);
      expectError(await ask(ana, bo.id), 409, /Bo Buddy is already in your crew/);
      expect(await requestRows(ana.id, bo.id)).toBe(0);
    });
  });

  describe('requests', () => {
    it('[CREW-10] GET /users/crew/requests returns {incoming, outgoing}, each with _id and user, newest first', async () => {
      const me = await createUser(t, { name: 'Me' });
      const in1 = await createUser(t, { name: 'In', lastName: 'One' });
      const in2 = await createUser(t, { name: 'In', lastName: 'Two' });
      const out1 = await createUser(t, { name: 'Out', lastName: 'One' });
      const out2 = await createUser(t, { name: 'Out', lastName: 'Two' });
      const incoming1 = await pending(in1, me);
      const outgoing1 = await pending(me, out1);
      const incoming2 = await pending(in2, me);
      const outgoing2 = await pending(me, out2);
      const res = await call(me, 'GET', '/users/crew/requests');
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      const body = res.json() as CrewRequests;
      expect(body.incoming.map((r) => [r._id, r.user._id])).toEqual([
        [incoming2, in2.id],
        [incoming1, in1.id],
      ]);
      expect(body.outgoing.map((r) => [r._id, r.user._id])).toEqual([
        [outgoing2, out2.id],
        [outgoing1, out1.id],
      ]);
      expect(body.incoming[0]).toEqual({
        _id: incoming2,
        user: { _id: in2.id, name: 'In', lastName: 'Two', image: null },
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      });
      // A stranger sees none of them.
      expect(await requestsOf(await createUser(t))).toEqual({ incoming: [], outgoing: [] });
      expect((await call(null, 'GET', '/users/crew/requests')).statusCode).toBe(401);
    });
  });

  describe('approve', () => {
    it('[CREW-11] approving puts both users in each other’s crew and deletes the request', async () => {
      const ana = await createUser(t, { name: 'Ana' });
      const bo = await createUser(t, { name: 'Bo' });
      const id = await pending(ana, bo);
      const res = await call(bo, 'POST', `/users/crew/approve-request/${id}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ ok: true });
      expect((await crewOf(ana)).map((u) => u._id)).toEqual([bo.id]);
      expect((await crewOf(bo)).map((u) => u._id)).toEqual([ana.id]);
      expect(await requestRows(ana.id, bo.id)).toBe(0);
      expect(await requestsOf(bo)).toEqual({ incoming: [], outgoing: [] });
      // Approving again: the request is gone.
      expectError(
        await call(bo, 'POST', `/users/crew/approve-request/${id}`),
        404,
        /no pending crew request/,
      );
      // And a new request now answers 409.
      expect((await ask(ana, bo.id)).statusCode).toBe(409);
    });

    it('[CREW-11] only the receiver may approve: the sender and strangers get 404', async () => {
      const ana = await createUser(t);
      const bo = await createUser(t);
      const eve = await createUser(t);
      const id = await pending(ana, bo);
      expectError(
        await call(ana, 'POST', `/users/crew/approve-request/${id}`),
        404,
        /no pending crew request/,
      );
      expectError(
        await call(eve, 'POST', `/users/crew/approve-request/${id}`),
        404,
        /no pending crew request/,
      );
      expect(await requestRows(ana.id, bo.id)).toBe(1);
      expect(await linkRows(ana.id, bo.id)).toBe(0);
      expect(await crewOf(eve)).toEqual([]);
    });

    it('[CREW-11] unknown and malformed request ids answer 404, never 500', async () => {
      const ana = await createUser(t);
      for (const id of [randomUUID(), 'nope', '123', `${randomUUID()}x`]) {
        expectError(
          await call(ana, 'POST', `/users/crew/approve-request/${id}`),
          404,
          /no pending crew request/,
        );
      }
      expect((await call(null, 'POST', `/users/crew/approve-request/${randomUUID()}`)).statusCode).toBe(401);
    });
  });

  describe('decline', () => {
    it('[CREW-12] the receiver declines: the request is gone and nobody joins a crew', async () => {
      const ana = await createUser(t);
      const bo = await createUser(t);
      const id = await pending(ana, bo);
      const res = await call(bo, 'POST', `/users/crew/decline-request/${id}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ ok: true });
      expect(await requestRows(ana.id, bo.id)).toBe(0);
      expect(await linkRows(ana.id, bo.id)).toBe(0);
      expect(await requestsOf(ana)).toEqual({ incoming: [], outgoing: [] });
      expect(await requestsOf(bo)).toEqual({ incoming: [], outgoing: [] });
      // Declined requests can be asked again.
      expect((await ask(ana, bo.id)).statusCode).toBe(201);
    });

    it('[CREW-12] the sender withdraws with decline-request', async () => {
      const ana = await createUser(t);
      const bo = await createUser(t);
      const id = await pending(ana, bo);
      const res = await call(ana, 'POST', `/users/crew/decline-request/${id}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(await requestRows(ana.id, bo.id)).toBe(0);
      expect((await requestsOf(bo)).incoming).toEqual([]);
      expectError(await call(bo, 'POST', `/users/crew/approve-request/${id}`), 404, /withdrawn or answered/);
    });

    it('[CREW-12] strangers, unknown and malformed ids get 404', async () => {
      const ana = await createUser(t);
      const bo = await createUser(t);
      const eve = await createUser(t);
      const id = await pending(ana, bo);
      expectError(
        await call(eve, 'POST', `/users/crew/decline-request/${id}`),
        404,
        /no pending crew request/,
      );
      expect(await requestRows(ana.id, bo.id)).toBe(1);
      for (const other of [randomUUID(), 'not-a-uuid']) {
        expectError(await call(ana, 'POST', `/users/crew/decline-request/${other}`), 404, /no pending/);
      }
    });
  });

  // ------------------------------------------------------------------ the crew

  describe('my-crew', () => {
    it('[CREW-11] [CREW-14] GET /users/crew/my-crew lists the crew by name, with _id, name, lastName and image', async () => {
      const me = await createUser(t);
      const zoe = await insertUser(t, { name: 'Zoe', lastName: 'Last' });
      const adam = await insertUser(t, { name: 'Adam', lastName: 'First' });
      await addCrewPair(t.database.db, me.id, zoe.id);
      await addCrewPair(t.database.db, me.id, adam.id);
      const res = await call(me, 'GET', '/users/crew/my-crew');
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.json()).toEqual([
        { _id: adam.id, name: 'Adam', lastName: 'First', image: null },
        { _id: zoe.id, name: 'Zoe', lastName: 'Last', image: null },
      ]);
      expect(await crewOf(await createUser(t))).toEqual([]);
      expect((await call(null, 'GET', '/users/crew/my-crew')).statusCode).toBe(401);
    });

    it('[CREW-14] a crew member can be removed, from both crews', async () => {
      const ana = await createUser(t);
      const bo = await createUser(t);
      const cy = await createUser(t);
      await addCrewPair(t.database.db, ana.id, bo.id);
      await addCrewPair(t.database.db, ana.id, cy.id);
      const res = await call(ana, 'DELETE', `/users/crew/my-crew/${bo.id}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ ok: true });
      expect((await crewOf(ana)).map((u) => u._id)).toEqual([cy.id]);
      expect(await crewOf(bo)).toEqual([]);
      expect(await linkRows(ana.id, bo.id)).toBe(0);
      // Removing again, or someone never in the crew, answers 404.
      expectError(await call(ana, 'DELETE', `/users/crew/my-crew/${bo.id}`), 404, /not in your crew/);
      // The friend can also remove from their side.
      const byCy = await call(cy, 'DELETE', `/users/crew/my-crew/${ana.id}`);
      expect(byCy.statusCode).toBe(200);
      expect(await crewOf(ana)).toEqual([]);
    });

    it('[CREW-14] removing a stranger, an unknown or a malformed id answers 404', async () => {
      const ana = await createUser(t);
      const stranger = await createUser(t);
      for (const id of [stranger.id, randomUUID(), 'not-a-uuid', ana.id]) {
        expectError(await call(ana, 'DELETE', `/users/crew/my-crew/${id}`), 404, /not in your crew/);
      }
      expect((await call(null, 'DELETE', `/users/crew/my-crew/${stranger.id}`)).statusCode).toBe(401);
    });
  });

  // ------------------------------------------------------------------ profiles

  describe('profile friend state', () => {
    it('[PROFILE-10] GET /users/users/{id} shows isFriendRequestSent while the viewer’s request is pending, then isYourFriend', async () => {
      const ana = await createUser(t);
      const bo = await createUser(t);
      expect(await profile(ana, bo.id)).toMatchObject({ isYourFriend: false, isFriendRequestSent: false });

      const id = await pending(ana, bo);
      expect(await profile(ana, bo.id)).toMatchObject({ isYourFriend: false, isFriendRequestSent: true });
      // The receiver did not send anything.
      expect(await profile(bo, ana.id)).toMatchObject({ isYourFriend: false, isFriendRequestSent: false });
      // Anonymous viewers and strangers see no friend state.
      expect(await profile(null, bo.id)).toMatchObject({ isYourFriend: false, isFriendRequestSent: false });
      expect(await profile(await createUser(t), bo.id)).toMatchObject({
        isYourFriend: false,
        isFriendRequestSent: false,
      });

      expect((await call(bo, 'POST', `/users/crew/approve-request/${id}`)).statusCode).toBe(200);
      expect(await profile(ana, bo.id)).toMatchObject({ isYourFriend: true, isFriendRequestSent: false });
      expect(await profile(bo, ana.id)).toMatchObject({ isYourFriend: true, isFriendRequestSent: false });
      // Your own profile is never your friend.
      expect(await profile(ana, ana.id)).toMatchObject({ isYourFriend: false, isFriendRequestSent: false });

      expect((await call(bo, 'DELETE', `/users/crew/my-crew/${ana.id}`)).statusCode).toBe(200);
      expect(await profile(ana, bo.id)).toMatchObject({ isYourFriend: false, isFriendRequestSent: false });
    });

    it('[PROFILE-10] a withdrawn request no longer shows as sent', async () => {
      const ana = await createUser(t);
      const bo = await createUser(t);
      const id = await pending(ana, bo);
      expect((await call(ana, 'POST', `/users/crew/decline-request/${id}`)).statusCode).toBe(200);
      expect(await profile(ana, bo.id)).toMatchObject({ isYourFriend: false, isFriendRequestSent: false });
    });
  });
});
