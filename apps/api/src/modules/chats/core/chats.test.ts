import { randomUUID } from 'node:crypto';
import type { Chat, Message, MessagesPage } from '@tripcrew/contracts/chats';
import { eq, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, expectJson, type Caller } from '../../../../test/helpers/api-calls.ts';
import { createUser, type TestUser } from '../../../../test/helpers/factories.ts';
import { createTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';
import { crewPair as makeCrewPair } from '../../crew/crew.fixtures.ts';
import { addCrewPair } from '../../crew/crew.repository.ts';
import { crewLinks } from '../../crew/crew.table.ts';
import { chats, messages } from './chats.table.ts';

describe('chats and messages', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** Two users in each other's crew. */
  const crewPair = (names?: [string, string]) => makeCrewPair(t, names);

  const send = (from: Caller, toId: string, payload: object) =>
    apiCall(t, from, 'POST', `/users/messages/direct/${toId}`, payload);
  const sendOk = (from: TestUser, to: TestUser, text: string) =>
    expectJson<Message>(send(from, to.id, { text }), 201);
  const chatList = (user: TestUser) => expectJson<Chat[]>(apiCall(t, user, 'GET', '/users/chats'));
  const page = (user: Caller, chatId: string, query = '') =>
    apiCall(t, user, 'GET', `/users/messages/${chatId}${query}`);

  const chatRowsOf = (userId: string) =>
    t.database.db
      .select()
      .from(chats)
      .where(or(eq(chats.userA, userId), eq(chats.userB, userId)));

  describe('POST /users/messages/direct/{userId}', () => {
    it('[MSG-03] answers 201 with the new message (_id, chatId, senderId, text trimmed, createdAt, seq)', async () => {
      const [ana, bo] = await crewPair();
      const res = await send(ana, bo.id, { text: '  Olá Bo! 🌍  ' });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.headers['cache-control']).toBe('private, no-store');
      const message = res.json() as Message;
      expect(message).toMatchObject({ senderId: ana.id, text: 'Olá Bo! 🌍' });
      expect(message._id).toMatch(/^[0-9a-f-]{36}$/);
      expect(message.chatId).toMatch(/^[0-9a-f-]{36}$/);
      expect(Number.isInteger(message.seq)).toBe(true);
      expect(Date.parse(message.createdAt)).not.toBeNaN();
      const [row] = await t.database.db.select().from(messages).where(eq(messages.id, message._id));
      expect(row?.text).toBe('Olá Bo! 🌍');
    });

    it('[MSG-03] a pair has one chat whichever side writes first, even when both write at once', async () => {
      const [ana, bo] = await crewPair();
      const [first, second] = await Promise.all([sendOk(ana, bo, 'hi'), sendOk(bo, ana, 'hey')]);
      expect(first.chatId).toBe(second.chatId);
      const third = await sendOk(ana, bo, 'again');
      expect(third.chatId).toBe(first.chatId);
      expect(await chatRowsOf(ana.id)).toHaveLength(1);
    });

    it('[MSG-03] in an existing chat, messages sent at once from both sides are each kept once, seq in commit order, and replying marks the chat read', async () => {
      const [ana, bo] = await crewPair();
      const opening = await sendOk(ana, bo, 'opening');
      const burst = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          i % 2 ? sendOk(bo, ana, `bo ${i}`) : sendOk(ana, bo, `ana ${i}`),
        ),
      );
      const all = [opening, ...burst];
      expect(new Set(all.map((m) => m.chatId))).toEqual(new Set([opening.chatId]));
      expect(new Set(all.map((m) => m.seq)).size).toBe(all.length);
      const stored = await t.database.db.select().from(messages).where(eq(messages.chatId, opening.chatId));
      expect(stored.map((m) => m.text).sort()).toEqual(all.map((m) => m.text).sort());
      // The chat row was locked before each seq was drawn: seq order is commit order, so a reader
      // catching up with after=<seq> sees them all; the page lists them in seq order.
      const caughtUp = await page(ana, opening.chatId, `?after=${opening.seq}&limit=100`);
      expect(caughtUp.statusCode, caughtUp.body).toBe(200);
      const seqs = (caughtUp.json() as MessagesPage).data.map((m) => m.seq);
      expect(seqs).toEqual([...seqs].sort((x, y) => x - y));
      expect(seqs).toHaveLength(12);
      // A reply marks everything before it read for the one who replies.
      const reply = await sendOk(bo, ana, 'read it all');
      const [chat] = await t.database.db.select().from(chats).where(eq(chats.id, opening.chatId));
      expect(chat?.bReadSeq === reply.seq || chat?.aReadSeq === reply.seq).toBe(true);
      const boChats = await apiCall(t, bo, 'GET', '/users/chats');
      expect((boChats.json() as Chat[]).find((c) => c._id === opening.chatId)?.unread).toBe(0);
    });

    it('[MSG-05] text of 4000 characters is accepted; 4001 characters answers 400', async () => {
      const [ana, bo] = await crewPair();
      const ok = await send(ana, bo.id, { text: 'x'.repeat(4000) });
      expect(ok.statusCode, ok.body).toBe(201);
      // Trimming happens first: 4000 characters inside spaces are fine.
      const padded = await send(ana, bo.id, { text: `  ${'y'.repeat(4000)}  ` });
      expect(padded.statusCode, padded.body).toBe(201);
      const long = await send(ana, bo.id, { text: 'x'.repeat(4001) });
      expect(long.statusCode).toBe(400);
      expect(long.json()).toMatchObject({ code: 'VALIDATION', field: 'text' });
      expect((long.json() as { message: string }).message).toContain('4000');
    });

    it('[MSG-05] empty, blank, missing or non-text text answers 400 and stores nothing', async () => {
      const [ana, bo] = await crewPair();
      for (const payload of [{ text: '' }, { text: '   \n\t ' }, {}, { text: 42 }, { text: null }]) {
        const res = await send(ana, bo.id, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json()).toMatchObject({ code: 'VALIDATION' });
      }
      const blank = await send(ana, bo.id, { text: '   ' });
      expect((blank.json() as { message: string }).message).toContain('Write a message first');
      const extra = await send(ana, bo.id, { text: 'hi', chatId: randomUUID() });
      expect(extra.statusCode).toBe(400);
      const notJson = await t.request({
        method: 'POST',
        url: `/api/users/messages/direct/${bo.id}`,
        token: ana.accessToken,
        headers: { 'content-type': 'application/json' },
        payload: '{"text":',
      });
      expect(notJson.statusCode).toBe(400);
      expect(await chatRowsOf(ana.id)).toHaveLength(0);
    });

    it('[MSG-04] someone outside the crew answers 403 with a clear message, both ways, and nothing is stored', async () => {
      const ana = await createUser(t, { name: 'Ana' });
      const stranger = await createUser(t, { name: 'Stranger' });
      for (const [from, to] of [
        [ana, stranger],
        [stranger, ana],
      ] as const) {
        const res = await send(from, to.id, { text: 'hello?' });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ code: 'NOT_IN_CREW' });
        expect((res.json() as { message: string }).message).toMatch(/only message people in your crew/i);
      }
      expect(await chatRowsOf(ana.id)).toHaveLength(0);
    });

    it('[MSG-04] a one-sided crew link is not enough: the recipient must be in the sender’s crew', async () => {
      const ana = await createUser(t);
      const bo = await createUser(t);
      // Only bo → ana exists (e.g. a half-written pair): ana cannot write to bo.
      await t.database.db.insert(crewLinks).values({ userId: bo.id, friendId: ana.id });
      expect((await send(ana, bo.id, { text: 'hi' })).statusCode).toBe(403);
    });

    it('[MSG-04] oneself answers 400; an unknown or malformed user id answers 404', async () => {
      const [ana] = await crewPair();
      const self = await send(ana, ana.id, { text: 'note to self' });
      expect(self.statusCode).toBe(400);
      expect((self.json() as { message: string }).message).toMatch(/yourself/);
      const selfUpper = await send(ana, ana.id.toUpperCase(), { text: 'note to self' });
      expect(selfUpper.statusCode).toBe(400);
      for (const id of [randomUUID(), 'not-a-user', '1; drop table users']) {
        const res = await send(ana, encodeURIComponent(id), { text: 'hi' });
        expect(res.statusCode, id).toBe(404);
        expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: 'This user does not exist.' });
      }
      expect(await chatRowsOf(ana.id)).toHaveLength(0);
    });

    it('[MSG-03] signed out answers 401; without the CSRF token 403', async () => {
      const [ana, bo] = await crewPair();
      const anonymous = await send(null, bo.id, { text: 'hi' });
      expect(anonymous.statusCode).toBe(401);
      const noCsrf = await t.app.inject({
        method: 'POST',
        url: `/api/users/messages/direct/${bo.id}`,
        headers: { authorization: `Bearer ${ana.accessToken}` },
        payload: { text: 'hi' },
      });
      expect(noCsrf.statusCode).toBe(403);
      expect(noCsrf.json()).toMatchObject({ code: 'CSRF' });
    });
  });

  describe('GET /users/chats', () => {
    it('[MSG-01] lists the chats most recent first with the other person, the last message and unread counts', async () => {
      const ana = await createUser(t, { name: 'Ana', lastName: 'Silva' });
      const bo = await createUser(t, { name: 'Bo', lastName: 'Berg' });
      const cy = await createUser(t, { name: 'Cy', lastName: 'Chen' });
      await addCrewPair(t.database.db, ana.id, bo.id);
      await addCrewPair(t.database.db, ana.id, cy.id);

      await sendOk(bo, ana, 'one from Bo');
      await sendOk(bo, ana, 'two from Bo');
      await sendOk(ana, cy, 'hi Cy');
      await sendOk(cy, ana, 'hi Ana');

      const list = await chatList(ana);
      expect(list.map((c) => c.user?._id)).toEqual([cy.id, bo.id]);
      expect(list[0]).toMatchObject({
        user: { _id: cy.id, name: 'Cy', lastName: 'Chen', image: null },
        lastMessage: { text: 'hi Ana', senderId: cy.id },
        unread: 1,
      });
      expect(list[1]).toMatchObject({
        user: { _id: bo.id, name: 'Bo', lastName: 'Berg' },
        lastMessage: { text: 'two from Bo', senderId: bo.id },
        unread: 2,
      });
      expect(Date.parse(list[0]?.lastMessage?.createdAt ?? '')).not.toBeNaN();

      // A new message moves the chat to the top; the sender's own messages are never unread.
      await sendOk(ana, bo, 'back to Bo');
      const after = await chatList(ana);
      expect(after.map((c) => [c.user?._id, c.unread])).toEqual([
        [bo.id, 0],
        [cy.id, 1],
      ]);
      // Bo sees Ana, with one unread message.
      expect((await chatList(bo)).map((c) => [c.user?._id, c.lastMessage?.text, c.unread])).toEqual([
        [ana.id, 'back to Bo', 1],
      ]);
    });

    it('[MSG-01] reading the messages marks the chat read for the reader only', async () => {
      const [ana, bo] = await crewPair();
      const m = await sendOk(ana, bo, 'are you there?');
      await sendOk(ana, bo, 'hello?');
      expect((await chatList(bo))[0]?.unread).toBe(2);
      expect((await page(bo, m.chatId)).statusCode).toBe(200);
      expect((await chatList(bo))[0]?.unread).toBe(0);
      await sendOk(ana, bo, 'third');
      expect((await chatList(bo))[0]?.unread).toBe(1);
      expect((await chatList(ana))[0]?.unread).toBe(0);
    });

    it('[MSG-01] a user without chats gets an empty list; signed out answers 401', async () => {
      const loner = await createUser(t);
      expect(await chatList(loner)).toEqual([]);
      expect((await t.request({ method: 'GET', url: '/api/users/chats' })).statusCode).toBe(401);
    });
  });

  it('[MSG-01] [MSG-02] [MSG-03] the message routes are documented in the OpenAPI description', async () => {
    const res = await t.request({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = (res.json() as { paths: Record<string, Record<string, unknown>> }).paths;
    expect(Object.keys(paths['/users/messages/direct/{userId}'] ?? {})).toContain('post');
    expect(Object.keys(paths['/users/chats'] ?? {})).toContain('get');
    expect(Object.keys(paths['/users/messages/{chatId}'] ?? {})).toContain('get');
    expect(Object.keys(paths['/users/notifications'] ?? {})).toContain('get');
    expect(Object.keys(paths['/users/notifications/{id}'] ?? {})).toContain('patch');
  });

  describe('GET /users/messages/{chatId}', () => {
    it('[MSG-02] pages newest first, oldest to newest within a page, with a cursor for older ones', async () => {
      const [ana, bo] = await crewPair();
      const sent: Message[] = [];
      for (let i = 1; i <= 5; i += 1) sent.push(await sendOk(i % 2 ? ana : bo, i % 2 ? bo : ana, `m${i}`));
      const chatId = sent[0]!.chatId;

      const first = await page(ana, chatId, '?limit=2');
      expect(first.statusCode, first.body).toBe(200);
      expect(first.headers['cache-control']).toBe('private, no-store');
      const p1 = first.json() as MessagesPage;
      expect(p1.data.map((m) => m.text)).toEqual(['m4', 'm5']);
      expect(p1.data[0]).toEqual(sent[3]);
      expect(p1.nextCursor).toBe(sent[3]!.seq);

      const p2 = (await page(ana, chatId, `?limit=2&before=${p1.nextCursor}`)).json() as MessagesPage;
      expect(p2.data.map((m) => m.text)).toEqual(['m2', 'm3']);
      const p3 = (await page(ana, chatId, `?limit=2&before=${p2.nextCursor}`)).json() as MessagesPage;
      expect(p3).toEqual({ data: [sent[0]], nextCursor: null });

      // The default page holds them all.
      const all = (await page(bo, chatId)).json() as MessagesPage;
      expect(all).toEqual({ data: sent, nextCursor: null });
    });

    it('[MSG-14] after=seq catches up on the messages newer than seq, oldest first', async () => {
      const [ana, bo] = await crewPair();
      const seen = await sendOk(ana, bo, 'before the drop');
      // Bo's socket drops here; these arrive meanwhile.
      const missed = [
        await sendOk(ana, bo, 'missed 1'),
        await sendOk(ana, bo, 'missed 2'),
        await sendOk(ana, bo, 'missed 3'),
      ];
      const res = await page(bo, seen.chatId, `?after=${seen.seq}`);
      expect(res.statusCode, res.body).toBe(200);
      const caughtUp = res.json() as MessagesPage;
      expect(caughtUp.data).toEqual(missed);
      // Older messages exist: the cursor points at them.
      expect(caughtUp.nextCursor).toBe(missed[0]!.seq);
      // In pages: repeat with the last seq while a full page comes back.
      const firstTwo = (await page(bo, seen.chatId, `?after=${seen.seq}&limit=2`)).json() as MessagesPage;
      expect(firstTwo.data.map((m) => m.text)).toEqual(['missed 1', 'missed 2']);
      const rest = (
        await page(bo, seen.chatId, `?after=${firstTwo.data[1]!.seq}&limit=2`)
      ).json() as MessagesPage;
      expect(rest.data.map((m) => m.text)).toEqual(['missed 3']);
      const none = (await page(bo, seen.chatId, `?after=${missed[2]!.seq}`)).json() as MessagesPage;
      expect(none).toEqual({ data: [], nextCursor: null });
      // Catching up marked everything read.
      expect((await chatList(bo))[0]?.unread).toBe(0);
    });

    it('[MSG-06] a chat is readable only by its two participants: anyone else gets 404', async () => {
      const [ana, bo] = await crewPair();
      const eve = await createUser(t, { name: 'Eve' });
      // Eve is in Ana's crew too: that does not open Ana and Bo's chat to her.
      await addCrewPair(t.database.db, ana.id, eve.id);
      const m = await sendOk(ana, bo, 'just between us');
      const res = await page(eve, m.chatId);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: 'This chat does not exist.' });
      expect(res.body).not.toContain('just between us');
      // The same answer as for a chat that does not exist, so nothing leaks.
      const unknown = await page(eve, randomUUID());
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual(res.json());
      const malformed = await page(eve, 'not-a-chat');
      expect(malformed.statusCode).toBe(404);
      // Eve's attempt marked nothing read, and her chat list does not show it.
      expect((await chatList(bo))[0]?.unread).toBe(1);
      expect(await chatList(eve)).toEqual([]);
      expect((await t.request({ method: 'GET', url: `/api/users/messages/${m.chatId}` })).statusCode).toBe(
        401,
      );
    });

    it('[MSG-02] [MSG-14] bad cursors and limits answer 400', async () => {
      const [ana, bo] = await crewPair();
      const m = await sendOk(ana, bo, 'hi');
      for (const query of [
        '?limit=0',
        '?limit=101',
        '?limit=abc',
        '?before=-1',
        '?after=1.5',
        '?before=abc',
        '?page=2',
        `?before=${m.seq}&after=0`,
      ]) {
        const res = await page(ana, m.chatId, query);
        expect(res.statusCode, query).toBe(400);
        expect((res.json() as { message: string }).message.length).toBeGreaterThan(10);
      }
    });
  });
});
