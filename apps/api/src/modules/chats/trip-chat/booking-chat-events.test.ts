import type { Chat, Message, MessagesPage, TripChatPage } from '@tripcrew/contracts/chats';
import type { LiveServerFrame } from '@tripcrew/contracts/live';
import type { TripBooking } from '@tripcrew/contracts/trip-bookings';
import { afterAll, describe, expect, it } from 'vitest';
import { apiCall, expectJson } from '../../../../test/helpers/api-calls.ts';
import { createUser, type TestUser } from '../../../../test/helpers/factories.ts';
import { useTestApp } from '../../../../test/helpers/test-app.ts';
import { createEventBus, type EventOf } from '../../../platform/events.ts';
import { anaCrewTrip, setRole, useCatalogue } from '../../trips/trips.fixtures.ts';
import { clientTracker, connectLive, expectNoFrame, liveUrl } from '../core/live.fixtures.ts';
import { collectUnreadDigests, exportMessagesData } from '../index.ts';
import { subscribeBookingChatEvents } from './booking-chat-events.ts';
import { createTripChatService } from './trip-chat.service.ts';

/** Lisbon 09:00 → Porto 11:49 by train, titled from its places: "Train Lisbon → Porto". */
const TRAIN = {
  kind: 'train',
  start: { local: '2031-03-01T09:00', place: { name: 'Lisbon', lat: 38.7137, lng: -9.1228 } },
  end: { local: '2031-03-01T11:49', place: { name: 'Porto', lat: 41.1486, lng: -8.5855 } },
};

/** The issue: bookings appear in the trip's chat ("Ben added a train booking"). */
describe("bookings in the trip's chat", () => {
  const t = useTestApp();
  const c = useCatalogue(t);
  const { track, closeAll } = clientTracker();
  afterAll(() => closeAll());

  /** Ana (admin), Bo (member, who books) and Vi (viewer); Zed is in no trip. */
  async function bookingTrip() {
    const {
      ana,
      crew: [bo, vi],
      tripId,
    } = await anaCrewTrip(t, c, 2);
    await setRole(t, ana, tripId, vi.id, 'viewer');
    const zed = await createUser(t, { name: 'Zed' });
    return { ana, bo, vi, zed, tripId, url: `/core/trips/${tripId}/bookings` };
  }

  const add = (user: TestUser, url: string, body: object) =>
    expectJson<TripBooking>(apiCall(t, user, 'POST', url, body), 200);
  const chatOf = (user: TestUser, tripId: string) =>
    expectJson<TripChatPage>(apiCall(t, user, 'GET', `/core/trips/${tripId}/chat`));
  const events = (page: { data: Message[] }) => page.data.filter((message) => message.event);
  const tripItem = async (user: TestUser) =>
    (await expectJson<Chat[]>(apiCall(t, user, 'GET', '/users/chats'))).find((chat) => chat.kind === 'trip');

  it('[BOOKINGS-CHAT-01] adding a booking posts one event line from who added it, read by every member', async () => {
    const { ana, bo, vi, tripId, url } = await bookingTrip();
    await add(bo, url, TRAIN);

    const page = await chatOf(ana, tripId);
    expect(page.data).toHaveLength(1);
    expect(page.data[0]).toMatchObject({
      senderId: bo.id,
      senderName: 'Friend0 Crew',
      tripId,
      text: 'added a train booking: Train Lisbon → Porto',
      event: { type: 'booking', action: 'added', kind: 'train', title: 'Train Lisbon → Porto' },
    });
    // Never unread for who did it; unread for the others until they read it.
    expect(await tripItem(bo)).toMatchObject({ unread: 0, lastMessage: { senderId: bo.id } });
    // The chat list names who the line was written for, so it reads "Friend0 Crew added a train booking".
    expect((await tripItem(vi))?.lastMessage).toMatchObject({
      senderName: 'Friend0 Crew',
      event: { action: 'added', kind: 'train' },
    });
    expect((await tripItem(vi))?.unread).toBe(1);
    // The same line through GET /users/messages/{chatId}, and for a viewer.
    const same = await expectJson<MessagesPage>(apiCall(t, vi, 'GET', `/users/messages/${page.chatId}`));
    expect(same.data.map((m) => [m._id, m.event?.action])).toEqual([[page.data[0]?._id, 'added']]);
    expect((await tripItem(vi))?.unread).toBe(0);
    // Typed messages carry no event.
    const typed = await expectJson<Message>(
      apiCall(t, ana, 'POST', `/core/trips/${tripId}/chat/messages`, { text: 'Great, thanks!' }),
      201,
    );
    expect(typed.event).toBeUndefined();
    const typedLast = (await tripItem(bo))?.lastMessage;
    expect(typedLast?.text).toBe('Great, thanks!');
    expect(typedLast && 'event' in typedLast).toBe(false);
    expect((await chatOf(bo, tripId)).data.map((m) => m.text)).toEqual([
      'added a train booking: Train Lisbon → Porto',
      'Great, thanks!',
    ]);
  });

  it('[BOOKINGS-CHAT-02] new times post a "changed" line, removing a "removed" one; a detail changed posts nothing', async () => {
    const { ana, bo, tripId, url } = await bookingTrip();
    const train = await add(bo, url, { ...TRAIN, title: 'Train to Porto' });
    const seat = await apiCall(t, bo, 'PATCH', `${url}/${train._id}`, { seat: '12' });
    expect(seat.statusCode, seat.body).toBe(200);
    const moved = await apiCall(t, bo, 'PATCH', `${url}/${train._id}`, {
      start: { local: '2031-03-01T10:00', place: { name: 'Lisbon', lat: 38.7137, lng: -9.1228 } },
      end: { local: '2031-03-01T12:49', place: { name: 'Porto', lat: 41.1486, lng: -8.5855 } },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    // Ana, an admin, removes Bo's booking: the line is hers.
    expect((await apiCall(t, ana, 'DELETE', `${url}/${train._id}`)).statusCode).toBe(200);

    const lines = events(await chatOf(bo, tripId));
    expect(lines.map((m) => [m.senderId, m.event?.action, m.event?.title, m.text])).toEqual([
      [bo.id, 'added', 'Train to Porto', 'added a train booking: Train to Porto'],
      [bo.id, 'changed', 'Train to Porto', 'changed the times of a train booking: Train to Porto'],
      [ana.id, 'removed', 'Train to Porto', 'removed a train booking: Train to Porto'],
    ]);
  });

  it('[BOOKINGS-CHAT-03] the line goes live to every member, never to someone outside the trip', async () => {
    const { ana, bo, vi, zed, url } = await bookingTrip();
    const live = await liveUrl(t);
    const [anaLive, viLive, zedLive] = await Promise.all(
      [ana, vi, zed].map(async (user) => track(await connectLive(live, user.accessToken))),
    );
    const booking = await add(bo, url, {
      kind: 'lodging',
      start: { ...TRAIN.start, place: { name: 'Casa do Rio', lat: 41.1408, lng: -8.6113 } },
    });
    const isLine = (f: LiveServerFrame) => f.type === 'message' && f.message.event?.title === booking.title;
    for (const client of [anaLive, viLive]) {
      const frame = await client!.next(isLine);
      expect(frame).toMatchObject({
        type: 'message',
        message: { senderId: bo.id, event: { action: 'added', kind: 'lodging', title: 'Casa do Rio' } },
      });
    }
    await expectNoFrame(zedLive!, isLine);
  });

  it('[BOOKINGS-CHAT-04] outsiders cannot read the lines, and nobody writes into a trip they are not in', async () => {
    const { ana, bo, zed, tripId, url } = await bookingTrip();
    await add(bo, url, TRAIN);
    const { chatId } = await chatOf(ana, tripId);
    expect((await apiCall(t, zed, 'GET', `/core/trips/${tripId}/chat`)).statusCode).toBe(404);
    expect((await apiCall(t, zed, 'GET', `/users/messages/${chatId}`)).statusCode).toBe(404);

    // An event naming someone outside the trip (or no trip at all) writes nothing.
    const bus = createEventBus(t.app.log);
    const service = createTripChatService({ db: t.database.db, live: { publish: async () => undefined } });
    subscribeBookingChatEvents(bus, service);
    const event: EventOf<'trip.booking'> = {
      type: 'trip.booking',
      tripId,
      tripName: 'Lisbon',
      byUserId: zed.id,
      memberIds: [ana.id, bo.id],
      action: 'added',
      kind: 'flight',
      title: 'Flight from nowhere',
    };
    await bus.emit(event);
    await bus.emit({ ...event, byUserId: bo.id, tripId: '00000000-0000-4000-8000-000000000000' });
    await bus.emit({ ...event, byUserId: bo.id, tripId: 'not-a-trip' });
    expect(events(await chatOf(ana, tripId)).map((m) => m.event?.title)).toEqual(['Train Lisbon → Porto']);
    // The same event from a member of the trip does write (the subscriber works).
    await bus.emit({ ...event, byUserId: bo.id });
    expect(events(await chatOf(ana, tripId)).map((m) => [m.senderId, m.event?.title])).toEqual([
      [bo.id, 'Train Lisbon → Porto'],
      [bo.id, 'Flight from nowhere'],
    ]);
  });

  it('[BOOKINGS-CHAT-05] lines bring no unread-messages digest and stay out of the export of what one wrote', async () => {
    const { ana, bo, tripId, url } = await bookingTrip();
    await add(bo, url, TRAIN);
    const now = Date.now();
    const window = {
      writtenAfter: new Date(now - 3_600_000),
      writtenBy: new Date(now + 60_000),
      maxUsers: 100_000,
    };
    const digestOf = async (user: TestUser) =>
      (await collectUnreadDigests(t.database.db, window)).find((digest) => digest.userId === user.id);
    expect(await digestOf(ana)).toBeUndefined();

    await expectJson<Message>(
      apiCall(t, bo, 'POST', `/core/trips/${tripId}/chat/messages`, { text: 'Tickets are in the app' }),
      201,
    );
    const digest = await digestOf(ana);
    expect(digest?.unread).toBe(1);
    expect(digest?.conversations.flatMap((conversation) => conversation.latest.map((m) => m.text))).toEqual([
      'Tickets are in the app',
    ]);

    // Bo's data export: what he typed in the trip chat, not the line written for him.
    const exported = await exportMessagesData(t.database.db, bo.id);
    expect(exported.trips.map((m) => [m.tripId, m.text])).toEqual([[tripId, 'Tickets are in the app']]);
  });
});
