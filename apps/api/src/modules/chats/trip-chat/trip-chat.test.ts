import type { Chat, Message, MessagesPage, TripChatPage } from '@tripcrew/contracts/chats';
import type { TripRole } from '@tripcrew/contracts/trips';
import { afterAll, describe, expect, it } from 'vitest';
import { apiCall, expectJson } from '../../../../test/helpers/api-calls.ts';
import { createUser, type TestUser } from '../../../../test/helpers/factories.ts';
import { useTestApp } from '../../../../test/helpers/test-app.ts';
import { createTrip, crewOf, setRole, useCatalogue } from '../../trips/trips.fixtures.ts';
import { clientTracker, connectLive, expectNoFrame, isMessage, liveUrl } from '../core/live.fixtures.ts';

/** Issue 21: one trip chat per trip, for its members (CHAT-20..). */
describe('trip chat', () => {
  const t = useTestApp();
  const c = useCatalogue(t);
  const { track, closeAll } = clientTracker();
  afterAll(() => closeAll());

  /** A trip of Ana (admin) with Bo (member) and Vi (viewer); Cy is in Ana's crew but not in the trip. */
  async function tripWithCrew() {
    const ana = await createUser(t, { name: 'Ana', lastName: 'Silva' });
    const [bo, vi, cy] = (await crewOf(t, ana, 3)) as [TestUser, TestUser, TestUser];
    const tripId = await createTrip(t, ana, { placeId: c.lisbon._id, members: [bo.id, vi.id] });
    await setRole(t, ana, tripId, vi.id, 'viewer' satisfies TripRole);
    return { ana, bo, vi, cy, tripId };
  }

  const read = (user: TestUser, tripId: string, query = '') =>
    apiCall(t, user, 'GET', `/core/trips/${tripId}/chat${query}`);
  const write = (user: TestUser, tripId: string, payload: object) =>
    apiCall(t, user, 'POST', `/core/trips/${tripId}/chat/messages`, payload);
  const writeOk = (user: TestUser, tripId: string, text: string) =>
    expectJson<Message>(write(user, tripId, { text }), 201);
  const chatList = (user: TestUser) => expectJson<Chat[]>(apiCall(t, user, 'GET', '/users/chats'));

  it('[CHAT-20] members write and read the trip chat; messages carry the trip and the sender name', async () => {
    const { ana, bo, tripId } = await tripWithCrew();
    const empty = await expectJson<TripChatPage>(read(ana, tripId));
    expect(empty).toMatchObject({ data: [], nextCursor: null, canWrite: true });
    const sent = await writeOk(bo, tripId, '  Who brings the map?  ');
    expect(sent).toMatchObject({
      text: 'Who brings the map?',
      tripId,
      senderId: bo.id,
      chatId: empty.chatId,
    });
    expect(sent.senderName).toBe('Friend0 Crew');
    await writeOk(ana, tripId, 'Me!');
    const page = await expectJson<TripChatPage>(read(bo, tripId));
    expect(page.data.map((m) => [m.text, m.senderName])).toEqual([
      ['Who brings the map?', 'Friend0 Crew'],
      ['Me!', 'Ana Silva'],
    ]);
    // The same chat reads through GET /users/messages/{chatId}.
    const same = await expectJson<MessagesPage>(apiCall(t, ana, 'GET', `/users/messages/${page.chatId}`));
    expect(same.data.map((m) => m.text)).toEqual(['Who brings the map?', 'Me!']);
  });

  it('[CHAT-21] a viewer reads but cannot write (403 with a clear message); outsiders get 404', async () => {
    const { ana, vi, cy, tripId } = await tripWithCrew();
    await writeOk(ana, tripId, 'Hello crew');
    const page = await expectJson<TripChatPage>(read(vi, tripId));
    expect(page.canWrite).toBe(false);
    expect(page.data.map((m) => m.text)).toEqual(['Hello crew']);
    const refused = await write(vi, tripId, { text: 'Can I?' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/read-only \(viewer\)/);

    for (const res of [await read(cy, tripId), await write(cy, tripId, { text: 'hi' })]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Trip not found');
    }
    expect((await apiCall(t, cy, 'GET', `/users/messages/${page.chatId}`)).statusCode).toBe(404);
    expect((await read(cy, 'not-a-uuid')).statusCode).toBe(404);
    expect(
      (await apiCall(t, cy, 'GET', '/core/trips/00000000-0000-4000-8000-000000000000/chat')).statusCode,
    ).toBe(404);
  });

  it('[CHAT-22] leaving or being removed closes the chat at once; joining opens it', async () => {
    const { ana, bo, cy, tripId } = await tripWithCrew();
    const { chatId } = await writeOk(ana, tripId, 'First');
    expect((await apiCall(t, bo, 'DELETE', `/core/trips/${tripId}/members/${bo.id}`)).statusCode).toBe(200);
    expect((await read(bo, tripId)).statusCode).toBe(404);
    expect((await write(bo, tripId, { text: 'still here?' })).statusCode).toBe(404);
    expect((await apiCall(t, bo, 'GET', `/users/messages/${chatId}`)).statusCode).toBe(404);
    expect((await chatList(bo)).some((chat) => chat._id === chatId)).toBe(false);

    const joined = await apiCall(t, ana, 'POST', `/core/trips/${tripId}/members`, { userId: cy.id });
    expect(joined.statusCode).toBe(200);
    const page = await expectJson<TripChatPage>(read(cy, tripId));
    expect(page.data.map((m) => m.text)).toEqual(['First']);
    await writeOk(cy, tripId, 'Glad to join');

    expect((await apiCall(t, ana, 'DELETE', `/core/trips/${tripId}/members/${cy.id}`)).statusCode).toBe(200);
    expect((await write(cy, tripId, { text: 'again' })).statusCode).toBe(404);
  });

  it('[CHAT-23] empty, blank and oversize messages answer 400 with a clear message', async () => {
    const { ana, tripId } = await tripWithCrew();
    const blank = await write(ana, tripId, { text: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toMatch(/Write a message first/);
    const long = await write(ana, tripId, { text: 'x'.repeat(4001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/at most 4000 characters/);
    expect((await write(ana, tripId, {})).statusCode).toBe(400);
    expect((await read(ana, tripId, '?before=5&after=2')).statusCode).toBe(400);
    expect((await expectJson<TripChatPage>(read(ana, tripId))).data).toEqual([]);
  });

  it('[CHAT-24] the chat list has the trip chat with its last message and unread counts like direct chats', async () => {
    const { ana, bo, vi, tripId } = await tripWithCrew();
    expect((await chatList(bo)).filter((chat) => chat.kind === 'trip')).toEqual([]);
    await writeOk(ana, tripId, 'One');
    await writeOk(ana, tripId, 'Two');
    const [item] = (await chatList(bo)).filter((chat) => chat.kind === 'trip');
    expect(item).toMatchObject({
      kind: 'trip',
      user: null,
      trip: { _id: tripId },
      lastMessage: { text: 'Two', senderId: ana.id },
      unread: 2,
    });
    expect(item?.trip?.name).toMatch(/Lisbon/);
    // The sender's own messages are never unread; reading clears the count.
    expect((await chatList(ana)).find((chat) => chat.kind === 'trip')?.unread).toBe(0);
    await read(bo, tripId);
    expect((await chatList(bo)).find((chat) => chat.kind === 'trip')?.unread).toBe(0);
    expect((await chatList(vi)).find((chat) => chat.kind === 'trip')?.unread).toBe(2);
    await writeOk(bo, tripId, 'Three');
    expect((await chatList(vi)).find((chat) => chat.kind === 'trip')?.unread).toBe(3);
    expect((await chatList(ana)).find((chat) => chat.kind === 'trip')?.unread).toBe(1);
  });

  it('[CHAT-26] a new member reads the earlier talk, but only what is written after joining counts as unread', async () => {
    const { ana, bo, cy, tripId } = await tripWithCrew();
    await writeOk(ana, tripId, 'Before Cy');
    await writeOk(bo, tripId, 'Also before Cy');
    expect(
      (await apiCall(t, ana, 'POST', `/core/trips/${tripId}/members`, { userId: cy.id })).statusCode,
    ).toBe(200);
    const tripChat = async (user: TestUser) => (await chatList(user)).find((chat) => chat.kind === 'trip');
    expect(await tripChat(cy)).toMatchObject({ lastMessage: { text: 'Also before Cy' }, unread: 0 });
    await writeOk(bo, tripId, 'Welcome, Cy');
    expect((await tripChat(cy))?.unread).toBe(1);
    const page = await expectJson<TripChatPage>(read(cy, tripId));
    expect(page.data.map((m) => m.text)).toEqual(['Before Cy', 'Also before Cy', 'Welcome, Cy']);
    expect((await tripChat(cy))?.unread).toBe(0);
  });

  it('[CHAT-34] the chat list says who may write: not a viewer in a trip chat; everyone in a direct chat', async () => {
    const { ana, bo, vi, tripId } = await tripWithCrew();
    await writeOk(ana, tripId, 'Hello crew');
    await expectJson<Message>(
      apiCall(t, ana, 'POST', `/users/messages/direct/${vi.id}`, { text: 'Hi Vi' }),
      201,
    );
    const tripItem = async (user: TestUser) => (await chatList(user)).find((chat) => chat.kind === 'trip');
    expect((await tripItem(vi))?.canWrite).toBe(false);
    expect((await tripItem(bo))?.canWrite).toBe(true);
    expect((await tripItem(ana))?.canWrite).toBe(true);
    expect((await chatList(vi)).find((chat) => chat.kind === 'direct')?.canWrite).toBe(true);
    // It follows the role of the moment; the field comes last, as the reference SQL writes it.
    await setRole(t, ana, tripId, vi.id, 'guest');
    expect((await tripItem(vi))?.canWrite).toBe(true);
    const raw = await apiCall(t, vi, 'GET', '/users/chats');
    for (const item of JSON.parse(raw.body) as Array<Record<string, unknown>>) {
      expect(Object.keys(item)).toEqual(['_id', 'kind', 'user', 'trip', 'lastMessage', 'unread', 'canWrite']);
    }
  });

  it('[CHAT-25] a message goes live to every member (viewer included), never to others', async () => {
    const { ana, bo, vi, cy, tripId } = await tripWithCrew();
    const url = await liveUrl(t);
    const [boLive, viLive, cyLive] = await Promise.all(
      [bo, vi, cy].map(async (user) => track(await connectLive(url, user.accessToken))),
    );
    const sent = await writeOk(ana, tripId, 'Live to the crew');
    for (const client of [boLive, viLive]) {
      const frame = await client!.next(isMessage('Live to the crew'));
      expect(frame).toMatchObject({ type: 'message', message: { _id: sent._id, tripId } });
    }
    await expectNoFrame(cyLive!, isMessage('Live to the crew'));

    // Bo leaves: the next message no longer reaches him.
    await apiCall(t, bo, 'DELETE', `/core/trips/${tripId}/members/${bo.id}`);
    await writeOk(ana, tripId, 'After Bo left');
    await viLive!.next(isMessage('After Bo left'));
    await expectNoFrame(boLive!, isMessage('After Bo left'));
  });
});
