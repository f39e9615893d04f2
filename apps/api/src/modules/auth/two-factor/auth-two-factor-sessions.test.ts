import { describe, expect, it } from 'vitest';
import { createUser, signIn } from '../../../../test/helpers/factories.ts';
import { useTestApp } from '../../../../test/helpers/test-app.ts';
import { enableTwoFactor } from './auth-two-factor.fixtures.ts';
import { refresh } from '../auth.fixtures.ts';

describe('turning on two-factor sign-in', () => {
  const t = useTestApp();
  const me = (accessToken: string) =>
    t.request({ method: 'GET', url: '/api/users/users/me', token: accessToken });

  it('ends every other session of the account and keeps the one that turned it on', async () => {
    const user = await createUser(t);
    const other = await signIn(t, user.email, user.password);
    expect((await me(other.accessToken)).statusCode).toBe(200);

    await enableTwoFactor(t, user);

    const ended = await me(other.accessToken);
    expect(ended.statusCode).toBe(401);
    expect((await refresh(t, other.refreshToken)).statusCode).toBe(401);
    expect((await me(user.accessToken)).statusCode).toBe(200);
    expect((await refresh(t, user.refreshToken)).statusCode).toBe(200);
  });
});
