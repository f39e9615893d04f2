import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeStore, renderRoutes, resetMocksAfterEach } from '../../../test/shell-test-utils.tsx';
import { errorBody, jsonResponse, mockApi } from '../../modules/auth/testing/mock-api.ts';
import { ProfilePage } from './profile.tsx';
import { UnsubscribePage } from './unsubscribe.tsx';

const ALL_ON = { trips: { inApp: true, email: true }, crew: { inApp: true }, messages: { email: true } };

resetMocksAfterEach();

describe('notification settings on the own profile', () => {
  it('[NOTIF-24] shows each switch and sends only the one that changed', async () => {
    const api = mockApi({
      'GET /users/notification-settings': jsonResponse(200, ALL_ON),
      'PATCH /users/notification-settings': jsonResponse(200, {
        ...ALL_ON,
        trips: { inApp: true, email: false },
      }),
      'GET /users/crew/my-crew': jsonResponse(200, []),
    });
    renderRoutes([{ path: '/profile/:profileId', element: <ProfilePage /> }], {
      path: '/profile/u-1',
      signedIn: true,
    });
    const email = await screen.findByRole('switch', { name: /Trips by email/ });
    expect((email as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('switch', { name: /Unread messages by email/ })).toBeTruthy();
    fireEvent.click(email);
    await waitFor(() => expect(api.to('/users/notification-settings', 'PATCH')).toHaveLength(1));
    expect(api.to('/users/notification-settings', 'PATCH')[0]!.body).toEqual({ trips: { email: false } });
    await waitFor(() => expect((email as HTMLInputElement).checked).toBe(false));
  });
});

describe('/unsubscribe', () => {
  const render = (path: string) => {
    const made = makeStore();
    return renderRoutes([{ path: '/unsubscribe', element: <UnsubscribePage /> }], { path, ...made });
  };

  it('[NOTIF-25] the link of a mail turns its topic off and says so', async () => {
    const api = mockApi({ 'POST /notifications/unsubscribe': jsonResponse(200, { topic: 'trips' }) });
    render('/unsubscribe?token=u-1.trips.signature-signature');
    expect(await screen.findByText(/you will get no more emails about your trips/)).toBeTruthy();
    expect(api.to('/notifications/unsubscribe', 'POST')[0]!.query.get('token')).toBe(
      'u-1.trips.signature-signature',
    );
  });

  it('[NOTIF-25] a link the server refuses, or one without its token, says the link does not work', async () => {
    mockApi({
      'POST /notifications/unsubscribe': jsonResponse(
        400,
        errorBody(
          400,
          'BAD_REQUEST',
          'This unsubscribe link is not valid. Change your email settings in your profile.',
        ),
      ),
    });
    render('/unsubscribe?token=forged-token-forged-token');
    expect((await screen.findByRole('alert')).textContent).toMatch(/not valid/);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('This link does not work');
  });
});
