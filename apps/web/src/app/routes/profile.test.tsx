import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore, renderRoutes, signIn, TEST_USER } from '../../../test/shell-test-utils.tsx';
import { AppToastContainer } from '../../components/ui/toast-container.tsx';
import { resetApiClient } from '../../lib/api-client.ts';
import { dismissToasts, errorBody, jsonResponse, mockApi } from '../../modules/auth/testing/mock-api.ts';
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

afterEach(() => {
  dismissToasts();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetApiClient();
});

/** Header user link + the page in a /profile/:profileId route, signed in as TEST_USER (u-1). */
function renderProfileRoute(profileId: string) {
  const made = makeStore();
  signIn(made.store);
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
    { path: `/profile/${profileId}`, ...made },
  );
}

const headerThumbnail = () =>
  screen.getByRole('link', { name: /Ada/ }).querySelector('img')?.getAttribute('src');

describe('ProfilePage', () => {
  it("[PROFILE-07] the own profile shows avatar, name, last name and id; crew and messages active, vacant and calendar disabled with 'Coming soon'", async () => {
    const api = mockApi({});
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
    await userEvent.click(messages);
    expect(screen.getByRole('tabpanel').textContent).toMatch(/conversations/);
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
