import { describe, expect, it } from 'vitest';
import { apiCall, type Caller } from '../../../test/helpers/api-calls.ts';
import { createUser, insertUser } from '../../../test/helpers/factories.ts';
import { useTestApp } from '../../../test/helpers/test-app.ts';

describe('users', () => {
  const t = useTestApp();

  /** GET /users/users/{id} (the id URL-encoded), anonymous unless a caller is given. */
  const profile = (id: string, caller: Caller = null) =>
    apiCall(t, caller, 'GET', `/users/users/${encodeURIComponent(id)}`);

  it('[AUTH-21] GET /users/users/me returns the current user', async () => {
    const user = await createUser(t, { name: 'Mia', lastName: 'Moreau' });
    const res = await t.request({ method: 'GET', url: '/api/users/users/me', token: user.accessToken });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      _id: user.id,
      name: 'Mia',
      lastName: 'Moreau',
      email: user.email,
      image: null,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/),
    });
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('[AUTH-21] GET /users/users/me without a valid token answers 401', async () => {
    const none = await t.request({ method: 'GET', url: '/api/users/users/me' });
    expect(none.statusCode).toBe(401);
    expect(none.json().message).toMatch(/sign in/);
    const bad = await t.request({ method: 'GET', url: '/api/users/users/me', token: 'not.a.jwt' });
    expect(bad.statusCode).toBe(401);
  });

  it('[PROFILE-01] a profile has name, lastName, image, createdAt, isYourFriend and isFriendRequestSent; a signed-in stranger gets no email', async () => {
    const owner = await insertUser(t, { name: 'Pia', lastName: 'Profile' });
    const viewer = await createUser(t);
    const signedIn = await profile(owner.id, viewer);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toEqual({
      _id: owner.id,
      name: 'Pia',
      lastName: 'Profile',
      image: null,
      createdAt: expect.any(String),
      isYourFriend: false,
      isFriendRequestSent: false,
    });
    expect(signedIn.body).not.toContain(owner.email);
  });

  it('[PROFILE-01] the email is shown to the owner and to their crew, to nobody else', async () => {
    const owner = await createUser(t, { name: 'Olga' });
    const mate = await createUser(t, { name: 'Mate' });
    const stranger = await createUser(t, { name: 'Stranger' });
    const asked = await apiCall(t, mate, 'POST', '/users/crew/crew-request', { userId: owner.id });
    const requestId = (asked.json() as { request: { _id: string } }).request._id;
    expect((await apiCall(t, owner, 'POST', `/users/crew/approve-request/${requestId}`)).statusCode).toBe(
      200,
    );

    expect((await profile(owner.id, owner)).json()).toMatchObject({ email: owner.email });
    expect((await profile(owner.id, mate)).json()).toMatchObject({ email: owner.email, isYourFriend: true });
    const seenByStranger = await profile(owner.id, stranger);
    expect(seenByStranger.json()).not.toHaveProperty('email');
    expect(seenByStranger.body).not.toContain(owner.email);
    expect((await profile(owner.id)).json()).not.toHaveProperty('email');

    // Out of the crew, out of sight again.
    expect((await apiCall(t, owner, 'DELETE', `/users/crew/my-crew/${mate.id}`)).statusCode).toBe(200);
    expect((await profile(owner.id, mate)).json()).not.toHaveProperty('email');
  });

  it('[PROFILE-01] anonymous viewers do not get the email', async () => {
    const owner = await insertUser(t);
    const res = await profile(owner.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).not.toHaveProperty('email');
    expect(res.json()).toMatchObject({ _id: owner.id, isYourFriend: false, isFriendRequestSent: false });
  });

  it('[PROFILE-01] an unknown id answers 404; a malformed id answers 404 too, never 500', async () => {
    for (const id of [
      '00000000-0000-4000-8000-000000000000',
      'not-a-uuid',
      "1' or '1'='1",
      '%00',
      'x'.repeat(64),
    ]) {
      const res = await profile(id);
      expect(res.statusCode, id).toBe(404);
      expect(res.json().message).toBe('There is no user with this id.');
    }
  });

  it('[PROFILE-01] an id longer than 64 characters answers 400 with a message', async () => {
    const res = await profile('x'.repeat(65));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/profileId/);
  });

  it('[PROFILE-01] an expired or invalid token on a public profile answers 401 so the client refreshes', async () => {
    const owner = await insertUser(t);
    const res = await profile(owner.id, { accessToken: 'bad-token' });
    expect(res.statusCode).toBe(401);
  });

  it('[PROFILE-09] the own profile is served like any other, with the email', async () => {
    const user = await createUser(t);
    const res = await profile(user.id, user);
    expect(res.json()).toMatchObject({ _id: user.id, email: user.email, isYourFriend: false });
  });
});
