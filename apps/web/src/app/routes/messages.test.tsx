import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes, resetMocksAfterEach } from '../../../test/shell-test-utils.tsx';
import { jsonResponse, mockApi } from '../../modules/auth/testing/mock-api.ts';
import { makeChat, makeMessage, makeTripChat } from '../../modules/chats/testing/chat-fixtures.ts';
import { totalUnread } from '../layout/messages-unread-badge.tsx';
import { MessagesPage } from './messages.tsx';

vi.mock('emoji-mart', () => ({ Picker: class {} }));
vi.mock('@emoji-mart/data', () => ({ default: { categories: [], emojis: {}, aliases: {} } }));

resetMocksAfterEach();

const TRIP_CHAT = makeTripChat({
  _id: 'tc-1',
  lastMessage: { text: 'Who brings the map?', senderId: 'u-2', createdAt: '2031-05-06T10:00:00.000Z' },
  unread: 3,
});
const DIRECT = makeChat();

/** /messages signed in as u-1. */
function renderMessages(path: string) {
  return renderRoutes(
    [
      { path: '/messages', element: <MessagesPage /> },
      { path: '/messages/:chatId', element: <MessagesPage /> },
    ],
    { path, signedIn: true },
  );
}

describe('/messages', () => {
  it('[CHAT-31] lists direct and trip chats with their last message and unread count', async () => {
    mockApi({ 'GET /users/chats': jsonResponse(200, [TRIP_CHAT, DIRECT]) });
    renderMessages('/messages');
    expect(await screen.findByRole('heading', { level: 1, name: 'Messages' })).toBeTruthy();
    const entries = await screen.findAllByTestId('chat-entry');
    expect(entries[0]?.textContent).toContain('Lisbon, Portugal');
    expect(entries[0]?.textContent).toContain('trip');
    expect(entries[0]?.textContent).toContain('Who brings the map?');
    expect(within(entries[0]!).getByTestId('unread-badge').textContent).toBe('3');
    expect(entries[1]?.textContent).toContain('Bob Stone');
    expect(screen.getByText('Select a chat to read and write messages.')).toBeTruthy();
  });

  it('[CHAT-31] /messages/:chatId opens that conversation; picking another moves the URL', async () => {
    const api = mockApi({
      'GET /users/chats': jsonResponse(200, [TRIP_CHAT, DIRECT]),
      'GET /users/messages/tc-1': jsonResponse(200, {
        data: [
          makeMessage(1, {
            chatId: 'tc-1',
            text: 'Who brings the map?',
            tripId: 't-1',
            senderName: 'Bob Stone',
          }),
        ],
        nextCursor: null,
      }),
      'GET /users/messages/c-1': jsonResponse(200, { data: [], nextCursor: null }),
      'POST /core/trips/t-1/chat/messages': jsonResponse(
        201,
        makeMessage(2, { chatId: 'tc-1', senderId: 'u-1', text: 'Me!', tripId: 't-1' }),
      ),
    });
    const { router } = renderMessages('/messages/tc-1');
    const log = await screen.findByRole('log', { name: 'Chat of Lisbon, Portugal' });
    expect(await within(log).findByText('Who brings the map?')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Lisbon, Portugal' }).getAttribute('href')).toBe('/trips/t-1');

    // Writing in a trip chat goes to the trip's chat; Enter sends.
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Me!{Enter}');
    await waitFor(() => expect(api.to('/core/trips/t-1/chat/messages', 'POST')).toHaveLength(1));

    await user.click(screen.getByRole('button', { name: /Bob Stone/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/messages/c-1'));
    expect(await screen.findByRole('log', { name: 'Conversation with Bob Stone' })).toBeTruthy();
  });

  it('[CHAT-32] the header badge counts unread messages of every chat', () => {
    expect(totalUnread([TRIP_CHAT, DIRECT])).toBe(5);
    expect(totalUnread(undefined)).toBe(0);
  });
});
