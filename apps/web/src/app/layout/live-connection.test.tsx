import { useQuery } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeStore, renderAt, signIn } from '../../../test/shell-test-utils.tsx';
import { resetApiClient } from '../../lib/api-client.ts';
import { FakeWebSocket } from '../../lib/testing/fake-web-socket.ts';
import { jsonResponse, mockFetch, setCookie } from '../../lib/testing/fetch-mock.ts';
import { authenticate } from '../../modules/auth/state/auth-slice.ts';
import { MessagesTab } from '../../modules/chats/components/messages-tab.tsx';
import { makeChat, makeMessage } from '../../modules/chats/testing/chat-fixtures.ts';
import { chatKeys } from '../../modules/chats/api/chat-keys.ts';
import { crewKeys } from '../../modules/crew/api/crew-keys.ts';
import { MY_CREW_PATH, myCrewQueryOptions } from '../../modules/crew/api/get-my-crew.ts';
import { clearUser } from '../../modules/users/state/user-slice.ts';
import { Header } from './header.tsx';
import { LiveConnection } from './live-connection.tsx';
import { DEFAULT_CACHE_LIFETIME_MS } from '../../lib/cached-query.ts';

const SOCKET_OPTIONS = { createSocket: FakeWebSocket.create, random: () => 1, initialDelayMs: 5 };

function signedInStore() {
  const made = makeStore();
  signIn(made.store);
  made.store.dispatch(authenticate({ accessToken: 'access-1', refreshToken: 'refresh-1' }));
  return made;
}

/** Chat c-1 open in the messages tab under the live connection: first page shown, socket accepted. */
async function openLiveChat() {
  renderAt(
    <LiveConnection socketOptions={SOCKET_OPTIONS}>
      <MessagesTab currentUserId="u-1" initialChatId="c-1" />
    </LiveConnection>,
    signedInStore(),
  );
  await screen.findByText('message 2');
  await vi.waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
  act(() => FakeWebSocket.latest().accept());
}

const NOTIFICATION = {
  _id: 'n-7',
  kind: 'crew-request',
  title: 'Crew request',
  short: 'Bob Stone',
  message: 'Bob Stone wants to join your crew.',
  seen: false,
  ref: { userId: 'u-2' },
  createdAt: '2031-05-05T10:00:00.000Z',
};

beforeEach(() => {
  FakeWebSocket.reset();
  setCookie('csrf-token', 'test-csrf');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetApiClient();
});

describe('LiveConnection', () => {
  it('[MSG-12] connects for a signed-in user at /api/users/ws, authenticates with the access token, closes on sign-out; visitors get no socket', async () => {
    mockFetch(() => jsonResponse(200, []));
    renderAt(<LiveConnection socketOptions={SOCKET_OPTIONS} />);
    await act(async () => Promise.resolve());
    expect(FakeWebSocket.instances).toHaveLength(0);

    const made = signedInStore();
    renderAt(<LiveConnection socketOptions={SOCKET_OPTIONS} />, made);
    await vi.waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    const socket = FakeWebSocket.latest();
    expect(socket.url).toBe(`ws://${window.location.host}/api/users/ws`);
    act(() => socket.open());
    expect(socket.sent[0]).toEqual({ type: 'auth', token: 'access-1' });

    act(() => {
      made.store.dispatch(clearUser());
    });
    expect(socket.closedWith?.code).toBe(1000);
  });

  it('[NOTIF-09][CHAT-37] a notification arriving live turns on the red dot without a reload; connecting asks the list again', async () => {
    const fetch = mockFetch((request) =>
      request.path === '/users/notifications' ? jsonResponse(200, []) : jsonResponse(200, []),
    );
    renderAt(
      <LiveConnection socketOptions={SOCKET_OPTIONS}>
        <Header />
      </LiveConnection>,
      signedInStore(),
    );
    await vi.waitFor(() => expect(fetch.to('/users/notifications')).toHaveLength(1));
    await act(async () => Promise.resolve());
    expect(screen.queryByTestId('notification-dot')).toBeNull();
    await vi.waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    act(() => FakeWebSocket.latest().accept());
    // Once connected, the list is asked again: what came before the socket was ready came as no frame.
    await vi.waitFor(() => expect(fetch.to('/users/notifications')).toHaveLength(2));
    await act(async () => Promise.resolve());
    act(() => FakeWebSocket.latest().receive({ type: 'notification', notification: NOTIFICATION }));
    expect(await screen.findByTestId('notification-dot')).toBeTruthy();
    expect(fetch.to('/users/notifications')).toHaveLength(2);

    // The same notification refreshed (a chat notification): replaced, not duplicated.
    act(() =>
      FakeWebSocket.latest().receive({
        type: 'notification',
        notification: { ...NOTIFICATION, message: 'updated' },
      }),
    );
    act(() => screen.getByRole('button', { name: /^Notifications/ }).click());
    const items = await screen.findAllByTestId('notification-item');
    expect(items).toHaveLength(1);
    expect(items[0]?.textContent).toContain('updated');
  });

  it('[MSG-12] a new message appears in the open conversation without a reload; the chat list refreshes', async () => {
    const fetch = mockFetch((request) => {
      if (request.path === '/users/chats') return jsonResponse(200, [makeChat()]);
      if (request.path === '/users/messages/c-1')
        return jsonResponse(200, { data: [makeMessage(1), makeMessage(2)], nextCursor: null });
      return jsonResponse(200, []);
    });
    await openLiveChat();
    const chatLoads = fetch.to('/users/chats').length;
    act(() =>
      FakeWebSocket.latest().receive({
        type: 'message',
        message: makeMessage(3, { text: 'Live from Lisbon 🌞' }),
      }),
    );
    expect(await screen.findByText('Live from Lisbon 🌞')).toBeTruthy();
    const texts = screen.getAllByTestId('message').map((m) => m.querySelector('p')?.textContent);
    expect(texts).toEqual(['message 1', 'message 2', 'Live from Lisbon 🌞']);
    await vi.waitFor(() => expect(fetch.to('/users/chats').length).toBeGreaterThan(chatLoads));
    // The same frame twice shows it once.
    act(() =>
      FakeWebSocket.latest().receive({
        type: 'message',
        message: makeMessage(3, { text: 'Live from Lisbon 🌞' }),
      }),
    );
    expect(screen.getAllByText('Live from Lisbon 🌞')).toHaveLength(1);
    // No reload of the conversation: only its first page, plus the read marks of the live
    // messages (after=<seq - 1>, one message), since the conversation is on screen (issue 21).
    const loads = fetch.to('/users/messages/c-1');
    expect(loads.filter((request) => !request.query.has('after'))).toHaveLength(1);
    expect(loads.filter((request) => request.query.has('after')).map((r) => r.query.get('after'))).toEqual(
      loads.filter((request) => request.query.has('after')).map(() => '2'),
    );
  });

  it('[CHAT-33] a new-message notification about the conversation on screen is not shown as unseen', async () => {
    const fetch = mockFetch((request) => {
      if (request.path === '/users/chats') return jsonResponse(200, [makeChat()]);
      if (request.path === '/users/messages/c-1')
        return jsonResponse(200, { data: [makeMessage(1), makeMessage(2)], nextCursor: null });
      if (request.path === '/users/notifications') return jsonResponse(200, []);
      return jsonResponse(200, {});
    });
    await openLiveChat();
    act(() =>
      FakeWebSocket.latest().receive({
        type: 'notification',
        notification: { ...NOTIFICATION, kind: 'message', seen: false, ref: { userId: 'u-2' } },
      }),
    );
    // Marked seen at once, on the server and in the cache.
    await vi.waitFor(() =>
      expect(fetch.to(`/users/notifications/${NOTIFICATION._id}`, 'PATCH')).toHaveLength(1),
    );
  });

  it('[MSG-14] reconnects with backoff and catches up with after=<seq>: missed messages appear, chats refetched', async () => {
    let missed = false;
    const fetch = mockFetch((request) => {
      if (request.path === '/users/chats') return jsonResponse(200, [makeChat()]);
      if (request.path === '/users/messages/c-1') {
        if (request.query.get('after') === '2')
          return jsonResponse(200, {
            data: missed ? [makeMessage(3, { text: 'sent while you were away' })] : [],
            nextCursor: null,
          });
        return jsonResponse(200, { data: [makeMessage(1), makeMessage(2)], nextCursor: null });
      }
      return jsonResponse(200, []);
    });
    await openLiveChat();
    const chatLoads = fetch.to('/users/chats').length;

    missed = true;
    act(() => FakeWebSocket.latest().drop(1006));
    await vi.waitFor(() => expect(FakeWebSocket.instances).toHaveLength(2));
    const again = FakeWebSocket.latest();
    act(() => again.open());
    expect(again.sent[0]).toEqual({ type: 'auth', token: 'access-1' });
    act(() => again.receive({ type: 'ready', userId: 'u-1' }));

    expect(await screen.findByText('sent while you were away')).toBeTruthy();
    const catchUp = fetch.to('/users/messages/c-1').filter((r) => r.query.has('after'));
    expect(catchUp).toHaveLength(1);
    expect(catchUp[0]?.query.get('after')).toBe('2');
    await vi.waitFor(() => expect(fetch.to('/users/chats').length).toBeGreaterThan(chatLoads));
    const texts = screen.getAllByTestId('message').map((m) => m.querySelector('p')?.textContent);
    expect(texts).toEqual(['message 1', 'message 2', 'sent while you were away']);
  });

  it("[MSG-12] 'trip' frames refresh the trips queries; 'crew' frames drop the cached crew and refetch it; a reconnect refreshes both", async () => {
    let crewVersion = 0;
    const fetch = mockFetch((request) => {
      if (request.path === MY_CREW_PATH) {
        crewVersion += 1;
        return jsonResponse(200, [
          { _id: `u-${crewVersion + 1}`, name: `Mate${crewVersion}`, lastName: 'X', image: null },
        ]);
      }
      if (request.path === '/core/trips') return jsonResponse(200, []);
      return jsonResponse(200, []);
    });
    function Probe() {
      const crew = useQuery(myCrewQueryOptions());
      const trips = useQuery({
        queryKey: ['trips', 'list'],
        queryFn: async () => {
          await fetch.fn('/api/core/trips');
          return [];
        },
      });
      return (
        <p>
          {crew.data?.[0]?.name ?? 'none'} / {trips.dataUpdatedAt}
        </p>
      );
    }
    renderAt(
      <LiveConnection socketOptions={SOCKET_OPTIONS}>
        <Probe />
      </LiveConnection>,
      signedInStore(),
    );
    expect(await screen.findByText(/Mate1/)).toBeTruthy();
    expect(myCrewQueryOptions().meta?.cachedForMs).toBe(DEFAULT_CACHE_LIFETIME_MS); // a cached GET
    await vi.waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    act(() => FakeWebSocket.latest().accept());

    const tripLoads = fetch.to('/core/trips').length;
    act(() => FakeWebSocket.latest().receive({ type: 'trip', tripId: 't-1', change: 'members' }));
    await vi.waitFor(() => expect(fetch.to('/core/trips').length).toBe(tripLoads + 1));

    act(() => FakeWebSocket.latest().receive({ type: 'crew', change: 'accepted' }));
    expect(await screen.findByText(/Mate2/)).toBeTruthy();
    expect(fetch.to(MY_CREW_PATH)).toHaveLength(2);
    expect(crewKeys.all).toEqual(['crew']);

    // A reconnect refreshes the trips and the crew too: their frames may have been missed.
    const beforeDrop = { trips: fetch.to('/core/trips').length, crew: fetch.to(MY_CREW_PATH).length };
    act(() => FakeWebSocket.latest().drop(1006));
    await vi.waitFor(() => expect(FakeWebSocket.instances).toHaveLength(2));
    act(() => FakeWebSocket.latest().open());
    act(() => FakeWebSocket.latest().receive({ type: 'ready', userId: 'u-1' }));
    await vi.waitFor(() => expect(fetch.to('/core/trips').length).toBe(beforeDrop.trips + 1));
    expect(await screen.findByText(/Mate3/)).toBeTruthy();
    expect(fetch.to(MY_CREW_PATH)).toHaveLength(beforeDrop.crew + 1);
  });

  it("[CHAT-36] a 'members' trip frame refreshes the chat list, where a role decides who may write", async () => {
    const fetch = mockFetch((request) => {
      if (request.path === '/users/chats') return jsonResponse(200, [makeChat()]);
      return jsonResponse(200, []);
    });
    function Probe() {
      const chats = useQuery({
        queryKey: chatKeys.list(),
        queryFn: async () => {
          await fetch.fn('/api/users/chats');
          return [];
        },
      });
      return <p>{chats.isSuccess ? `chats at ${chats.dataUpdatedAt}` : 'loading'}</p>;
    }
    renderAt(
      <LiveConnection socketOptions={SOCKET_OPTIONS}>
        <Probe />
      </LiveConnection>,
      signedInStore(),
    );
    expect(await screen.findByText(/chats at/)).toBeTruthy();
    await vi.waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    act(() => FakeWebSocket.latest().accept());
    await vi.waitFor(() => expect(fetch.to('/users/chats')).toHaveLength(2));
    expect(await screen.findByText(/chats at/)).toBeTruthy();
    act(() => FakeWebSocket.latest().receive({ type: 'trip', tripId: 't-1', change: 'planner' }));
    expect(fetch.to('/users/chats')).toHaveLength(2);
    act(() => FakeWebSocket.latest().receive({ type: 'trip', tripId: 't-1', change: 'members' }));
    await vi.waitFor(() => expect(fetch.to('/users/chats')).toHaveLength(3));
  });
});
