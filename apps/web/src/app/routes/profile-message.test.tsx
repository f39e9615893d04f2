import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoutes, resetMocksAfterEach } from '../../../test/shell-test-utils.tsx';
import { jsonResponse, mockApi } from '../../modules/auth/testing/mock-api.ts';
import { makeChat } from '../../modules/chats/testing/chat-fixtures.ts';
import { MessagesPage } from './messages.tsx';
import { ProfilePage } from './profile.tsx';

const GRACE = {
  _id: 'u-7',
  name: 'Grace',
  lastName: 'Hopper',
  image: null,
  createdAt: '2024-03-05T10:00:00.000Z',
  email: 'grace@example.com',
  isYourFriend: true,
  isFriendRequestSent: false,
};

resetMocksAfterEach();

/** A profile, and /messages where its 'Message' button leads, signed in as u-1. */
function renderProfile(path: string) {
  return renderRoutes(
    [
      { path: '/profile/:profileId', element: <ProfilePage /> },
      { path: '/messages', element: <MessagesPage /> },
      { path: '/messages/:chatId', element: <MessagesPage /> },
    ],
    { path, signedIn: true },
  );
}

describe("a crew member's profile", () => {
  it("[CHAT-30] has a 'Message' button that opens /messages on a new conversation with them", async () => {
    mockApi({
      'GET /users/users/u-7': jsonResponse(200, GRACE),
      'GET /users/chats': jsonResponse(200, []),
      'GET /users/crew/my-crew': jsonResponse(200, []),
    });
    const { router } = renderProfile('/profile/u-7');
    const message = await screen.findByRole('link', { name: 'Message Grace' });
    await waitFor(() => expect(message.getAttribute('href')).toBe('/messages?user=u-7'));
    await userEvent.click(message);
    await waitFor(() => expect(router.state.location.pathname).toBe('/messages'));
    expect(await screen.findByText('No messages yet. Write the first one below.')).toBeTruthy();
  });

  it("[CHAT-30] the 'Message' button opens /messages/:chatId when they already have a chat", async () => {
    const chat = makeChat({
      _id: 'c-9',
      user: { _id: 'u-7', name: 'Grace', lastName: 'Hopper', image: null },
    });
    mockApi({
      'GET /users/users/u-7': jsonResponse(200, GRACE),
      'GET /users/chats': jsonResponse(200, [chat]),
      'GET /users/messages/c-9': jsonResponse(200, { data: [], nextCursor: null }),
    });
    renderProfile('/profile/u-7');
    const message = await screen.findByRole('link', { name: 'Message Grace' });
    await waitFor(() => expect(message.getAttribute('href')).toBe('/messages/c-9'));
  });

  it('offers no Message button to someone outside the crew', async () => {
    mockApi({ 'GET /users/users/u-7': jsonResponse(200, { ...GRACE, isYourFriend: false }) });
    renderProfile('/profile/u-7');
    await screen.findByRole('heading', { level: 1, name: 'Grace Hopper' });
    expect(screen.queryByRole('link', { name: /Message/ })).toBeNull();
  });

  it('the first message to a person without a chat yet starts the conversation', async () => {
    const api = mockApi({
      'GET /users/chats': jsonResponse(200, []),
      'GET /users/crew/my-crew': jsonResponse(200, []),
      'POST /users/messages/direct/u-7': jsonResponse(201, {
        _id: 'm-1',
        chatId: 'c-1',
        senderId: 'u-1',
        text: 'Hello Grace',
        createdAt: '2026-11-26T22:41:00.000Z',
      }),
    });
    renderProfile('/profile/u-1?user=u-7');
    const box = await screen.findByRole('textbox');
    await userEvent.type(box, 'Hello Grace');
    await userEvent.click(screen.getByRole('button', { name: /send/i }));
    await waitFor(() => expect(api.to('/users/messages/direct/u-7', 'POST')).toHaveLength(1));
    expect(api.to('/users/messages/direct/u-7', 'POST')[0]?.body).toEqual({ text: 'Hello Grace' });
  });

  it('the id is kept (SPEC) but last, named member id', async () => {
    mockApi({ 'GET /users/users/u-7': jsonResponse(200, GRACE) });
    renderProfile('/profile/u-7');
    const id = await screen.findByTestId('profile-id');
    expect(id.previousElementSibling?.textContent).toBe('member id');
    const terms = [...document.querySelectorAll('dt')].map((dt) => dt.textContent);
    expect(terms.at(-1)).toBe('member id');
  });
});
