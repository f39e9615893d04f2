import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes, resetMocksAfterEach, TEST_USER } from '../../../test/shell-test-utils.tsx';
import { AppToastContainer } from '../../components/ui/toast-container.tsx';
import { dismissToasts, errorBody, jsonResponse, mockApi } from '../../modules/auth/testing/mock-api.ts';
import { makeChat } from '../../modules/chats/testing/chat-fixtures.ts';
import { UserLink } from '../layout/user-link.tsx';
import { ProfilePage } from './profile.tsx';

const GRACE = {
  _id: 'u-7',
  name: 'Grace',
  lastName: 'Hopper',
  image: { original: '/api/assets/files/grace.webp', thumbnail: '/api/assets/files/grace-thumb.webp' },
  createdAt: '2024-03-05T10:00:00.000Z',
  email: 'grace@example.com',
  isYourFriend: false,
  isFriendRequestSent: false,
};

resetMocksAfterEach();
afterEach(dismissToasts);

/** Header user link + the page in a /profile/:profileId route, signed in as TEST_USER (u-1). */
function renderProfileRoute(profileId: string) {
  return renderRoutes(
    [
      {
        path: '/profile/:profileId',
        element: (
          <>
            <UserLink />
            <ProfilePage />
            <AppToastContainer theme="light" />
          </>
        ),
      },
    ],
    { path: `/profile/${profileId}`, signedIn: true },
  );
}

const headerThumbnail = () =>
  screen.getByRole('link', { name: /Ada/ }).querySelector('img')?.getAttribute('src');

describe('ProfilePage', () => {
  it("[PROFILE-07] the own profile shows avatar, name, last name and id; crew and messages active, vacant and calendar disabled with 'Coming soon'", async () => {
    const api = mockApi({
      'GET /users/chats': jsonResponse(200, []),
      'GET /users/crew/my-crew': jsonResponse(200, []),
    });
    renderProfileRoute('u-1');
    const main = await screen.findByRole('heading', { level: 1 });
    expect(main.textContent).toBe('Ada Lovelace');
    expect(screen.getByTestId('profile-name').textContent).toBe('Ada');
    expect(screen.getByTestId('profile-last-name').textContent).toBe('Lovelace');
    expect(screen.getByTestId('profile-id').textContent).toBe('u-1');
    expect(screen.getByRole('img', { name: 'Ada Lovelace' }).getAttribute('src')).toBe(
      TEST_USER.image.original,
    );

    const crew = screen.getByRole('tab', { name: 'crew' }) as HTMLButtonElement;
    const messages = screen.getByRole('tab', { name: 'messages' }) as HTMLButtonElement;
    expect(crew.disabled).toBe(false);
    expect(crew.getAttribute('aria-selected')).toBe('true');
    expect(messages.disabled).toBe(false);
    for (const name of [/vacant/, /calendar/]) {
      const tab = screen.getByRole('tab', { name }) as HTMLButtonElement;
      expect(tab.disabled).toBe(true);
      expect(tab.title).toBe('Coming soon');
      expect(tab.textContent).toContain('Coming soon');
    }
    expect(await screen.findByText(/Your crew is empty for now/)).toBeTruthy();
    await userEvent.click(messages);
    const panel = screen.getByRole('tabpanel');
    // The chats load as a chunk of their own, compiled on first use under the test runner.
    expect(await within(panel).findByRole('region', { name: 'Chat list' }, { timeout: 10_000 })).toBeTruthy();
    expect(within(panel).getByRole('region', { name: 'Conversation' })).toBeTruthy();
    // The own profile comes from the store: no profile request.
    expect(api.to('/users/users/u-1')).toHaveLength(0);
  });

  it('[PROFILE-08] the own avatar can be changed; the new thumbnail shows in the header', async () => {
    const api = mockApi({
      'POST /assets/upload/avatar': jsonResponse(200, {
        original: '/api/assets/files/new.webp',
        thumbnail: '/api/assets/files/new-thumb.webp',
      }),
    });
    const { store } = renderProfileRoute('u-1');
    expect(headerThumbnail()).toBe(TEST_USER.image.thumbnail);

    const input = screen.getByLabelText('Change photo') as HTMLInputElement;
    expect(input.type).toBe('file');
    expect(input.accept).toBe('image/jpeg,image/png,image/webp,image/gif');
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' });
    await userEvent.upload(input, file);

    await waitFor(() => expect(headerThumbnail()).toBe('/api/assets/files/new-thumb.webp'));
    const [upload] = api.to('/assets/upload/avatar', 'POST');
    expect(upload?.body).toBeInstanceOf(FormData);
    expect((upload?.body as FormData).get('file')).toBeInstanceOf(File);
    expect(store.getState().user.image).toEqual({
      original: '/api/assets/files/new.webp',
      thumbnail: '/api/assets/files/new-thumb.webp',
    });
    expect(screen.getByRole('img', { name: 'Ada Lovelace' }).getAttribute('src')).toBe(
      '/api/assets/files/new.webp',
    );
    expect(await screen.findByText('Your photo has been updated.')).toBeTruthy();
  });

  it('[PROFILE-06][PROFILE-08] a refused upload says why and leaves the old avatar in place', async () => {
    mockApi({
      'POST /assets/upload/avatar': jsonResponse(
        400,
        errorBody(
          400,
          'UNSUPPORTED_IMAGE',
          'This file is not a picture we can use. Upload a JPEG, PNG, WebP or GIF.',
        ),
      ),
    });
    const { store } = renderProfileRoute('u-1');
    const file = new File(['not an image'], 'me.png', { type: 'image/png' });
    await userEvent.upload(screen.getByLabelText('Change photo'), file);
    expect(await screen.findByText(/not a picture we can use/)).toBeTruthy();
    expect(headerThumbnail()).toBe(TEST_USER.image.thumbnail);
    expect(store.getState().user.image).toEqual(TEST_USER.image);
  });

  it('[PROFILE-08] a file that is too large or not a picture is refused before uploading', async () => {
    const api = mockApi({});
    renderProfileRoute('u-1');
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' });
    await userEvent.upload(screen.getByLabelText('Change photo'), big);
    expect(await screen.findByText('Choose a picture of at most 5 MB.')).toBeTruthy();
    expect(api.to('/assets/upload/avatar')).toHaveLength(0);
  });

  it('[PROFILE-09] a public profile shows name, last name, id, member since day.month.year, avatar, email and the friend state', async () => {
    const api = mockApi({ 'GET /users/users/u-7': jsonResponse(200, GRACE) });
    renderProfileRoute('u-7');
    const title = await screen.findByRole('heading', { level: 1, name: 'Grace Hopper' });
    const card = title.closest('section') as HTMLElement;
    expect(within(card).getByTestId('profile-name').textContent).toBe('Grace');
    expect(within(card).getByTestId('profile-last-name').textContent).toBe('Hopper');
    expect(within(card).getByTestId('profile-id').textContent).toBe('u-7');
    expect(within(card).getByText('member since').nextElementSibling?.textContent).toBe('5.3.2024');
    expect(within(card).getByRole('img', { name: 'Grace Hopper' }).getAttribute('src')).toBe(
      GRACE.image.original,
    );
    expect(within(card).getByRole('link', { name: 'grace@example.com' }).getAttribute('href')).toBe(
      'mailto:grace@example.com',
    );
    expect(screen.getByTestId('friend-state').textContent).toBe('sent request to Grace');
    // Only the own avatar can be changed.
    expect(screen.queryByLabelText('Change photo')).toBeNull();
    expect(screen.queryByRole('tab')).toBeNull();
    expect(api.to('/users/users/u-7')).toHaveLength(1);
  });

  it.each([
    [{ isYourFriend: true, isFriendRequestSent: false }, 'friend'],
    [{ isYourFriend: false, isFriendRequestSent: true }, 'request sent'],
  ])('[PROFILE-09] the friend state %o reads %s', async (state, text) => {
    mockApi({ 'GET /users/users/u-7': jsonResponse(200, { ...GRACE, ...state }) });
    renderProfileRoute('u-7');
    expect((await screen.findByTestId('friend-state')).textContent).toBe(text);
  });

  it.each([
    [{ isYourFriend: true, isFriendRequestSent: false }, 'friend'],
    [{ isYourFriend: false, isFriendRequestSent: true }, 'request sent'],
    [{ isYourFriend: false, isFriendRequestSent: false }, 'sent request to Grace'],
  ])('[PROFILE-10] the public friend-state text for %o reads %s (no action wired)', async (state, text) => {
    mockApi({ 'GET /users/users/u-7': jsonResponse(200, { ...GRACE, ...state }) });
    renderProfileRoute('u-7');
    const friendState = await screen.findByTestId('friend-state');
    expect(friendState.textContent).toBe(text);
    expect(within(friendState).queryByRole('button')).toBeNull();
    expect(friendState.closest('a, button')).toBeNull();
  });

  it('[PROFILE-11] the crew tab lists the crew with profile links; write message opens a modal that sends a direct message', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'GET /users/crew/my-crew': jsonResponse(200, [
        { _id: 'u-7', name: 'Grace', lastName: 'Hopper', image: null },
        { _id: 'u-8', name: 'Alan', lastName: 'Turing', image: null },
      ]),
      'POST /users/messages/direct/u-7': (request) =>
        jsonResponse(201, {
          _id: 'm-1',
          chatId: 'c-1',
          senderId: 'u-1',
          text: (request.body as { text: string }).text,
          createdAt: '2031-05-05T10:00:00.000Z',
          seq: 1,
        }),
    });
    renderProfileRoute('u-1');
    const crew = await screen.findByRole('list', { name: 'Your crew' });
    const members = within(crew).getAllByTestId('crew-member');
    expect(members).toHaveLength(2);
    expect(within(members[0]!).getByRole('link', { name: 'Grace Hopper' }).getAttribute('href')).toBe(
      '/profile/u-7',
    );
    expect(within(members[1]!).getByRole('link', { name: 'Alan Turing' }).getAttribute('href')).toBe(
      '/profile/u-8',
    );

    await user.click(within(members[0]!).getByRole('button', { name: 'Write a message to Grace Hopper' }));
    const dialog = await screen.findByRole('dialog', { name: 'Message to Grace Hopper' });
    const field = within(dialog).getByRole('textbox', { name: 'Message' });
    expect(within(dialog).getByRole('button', { name: 'Add emoji' })).toBeTruthy();
    const send = within(dialog).getByRole('button', { name: /Send/ }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    await user.type(field, '  Hello Grace  ');
    await user.click(send);

    await vi.waitFor(() => expect(api.to('/users/messages/direct/u-7', 'POST')).toHaveLength(1));
    expect(api.to('/users/messages/direct/u-7', 'POST')[0]?.body).toEqual({ text: 'Hello Grace' });
    expect(await screen.findByText('Message sent')).toBeTruthy();
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('[PROFILE-11] a failed direct message says so and keeps the modal open with the text', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /users/crew/my-crew': jsonResponse(200, [
        { _id: 'u-7', name: 'Grace', lastName: 'Hopper', image: null },
      ]),
      'POST /users/messages/direct/u-7': jsonResponse(
        403,
        errorBody(403, 'NOT_IN_CREW', 'You can only write to people in your crew.'),
      ),
    });
    renderProfileRoute('u-1');
    await user.click(await screen.findByRole('button', { name: 'Write a message to Grace Hopper' }));
    const dialog = screen.getByRole('dialog', { name: 'Message to Grace Hopper' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Message' }), 'Hi');
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(await screen.findByText('You can only write to people in your crew.')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect((within(dialog).getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement).value).toBe(
      'Hi',
    );
  });

  it('[MSG-07] ?chat=<chatId> opens the messages tab on that chat', async () => {
    mockApi({
      'GET /users/chats': jsonResponse(200, [
        makeChat({
          user: { _id: 'u-7', name: 'Grace', lastName: 'Hopper', image: null },
          lastMessage: { text: 'Hi Ada', senderId: 'u-7', createdAt: '2031-05-05T10:00:00.000Z' },
          unread: 1,
        }),
      ]),
      'GET /users/messages/c-1': jsonResponse(200, {
        data: [
          {
            _id: 'm-1',
            chatId: 'c-1',
            senderId: 'u-7',
            text: 'Hi Ada',
            createdAt: '2031-05-05T10:00:00.000Z',
            seq: 1,
          },
        ],
        nextCursor: null,
      }),
    });
    renderProfileRoute('u-1?chat=c-1');
    expect(screen.getByRole('tab', { name: 'messages' }).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByRole('log', { name: 'Conversation with Grace Hopper' })).toBeTruthy();
    expect(await screen.findByText('Hi Ada', { selector: 'p' })).toBeTruthy();
  });

  it('[PROFILE-09] without an email (not shared) the row is left out', async () => {
    const { email: _email, ...withoutEmail } = GRACE;
    mockApi({ 'GET /users/users/u-7': jsonResponse(200, withoutEmail) });
    renderProfileRoute('u-7');
    await screen.findByRole('heading', { level: 1, name: 'Grace Hopper' });
    expect(screen.queryByText('email')).toBeNull();
  });

  it('an unknown id says so', async () => {
    mockApi({ 'GET /users/users/nobody': jsonResponse(404, errorBody(404, 'NOT_FOUND', 'No such user.')) });
    renderProfileRoute('nobody');
    expect(await screen.findByRole('heading', { level: 1, name: 'Traveller not found' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toMatch(/no traveller with this id/);
  });
});
