import { describe, expect, it } from 'vitest';
import { apiCall } from '../../../../test/helpers/api-calls.ts';
import { createUser, type TestUser } from '../../../../test/helpers/factories.ts';
import { useTestApp } from '../../../../test/helpers/test-app.ts';
import { enableTwoFactor, totpCode } from '../two-factor/auth-two-factor.fixtures.ts';
import { PASSWORD_CHECK_MAX_FAILURES } from './auth-password-checks.service.ts';
import { randomIp } from '../auth.fixtures.ts';

describe('password checks of a signed-in account are throttled per account', () => {
  const t = useTestApp();

  const post = (user: TestUser, url: string, payload: object) =>
    t.request({ method: 'POST', url, token: user.accessToken, payload, remoteAddress: randomIp() });

  async function spendWrongGuesses(user: TestUser, url: string, payload: (password: string) => object) {
    for (let i = 0; i < PASSWORD_CHECK_MAX_FAILURES; i += 1) {
      const res = await post(user, url, payload(`wrong-guess-${i}`));
      expect(res.statusCode, res.body).toBeLessThan(429);
      expect(res.json()).toMatchObject({ code: 'WRONG_PASSWORD' });
    }
  }

  it('account deletion: past the limit the right password gets the same 429 as a wrong one, and nothing is deleted', async () => {
    const user = await createUser(t);
    await spendWrongGuesses(user, '/api/account/delete', (password) => ({ password }));
    const wrong = await post(user, '/api/account/delete', { password: 'yet-another-guess' });
    const right = await post(user, '/api/account/delete', { password: user.password });
    expect(wrong.statusCode).toBe(429);
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual(wrong.json());
    expect(right.json()).toMatchObject({ code: 'PASSWORD_CHECKS_THROTTLED' });
    const me = await apiCall(t, user, 'GET', '/account/deletion');
    expect(me.statusCode).toBe(200);
  });

  it('change-password: past the limit the right current password is refused alike, from any address', async () => {
    const user = await createUser(t);
    const body = (currentPassword: string) => ({
      currentPassword,
      newPassword: 'An0ther-Strong-Passphrase!',
    });
    await spendWrongGuesses(user, '/api/auth/change-password', body);
    const wrong = await post(user, '/api/auth/change-password', body('one-more-guess'));
    const right = await post(user, '/api/auth/change-password', body(user.password));
    expect(wrong.statusCode).toBe(429);
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual(wrong.json());
    // Another account is not held back by this one's guesses.
    const other = await createUser(t);
    const fine = await post(other, '/api/auth/change-password', body(other.password));
    expect(fine.statusCode).toBe(200);
  });

  it('turning off two-factor sign-in: past the limit the right password is refused alike', async () => {
    const user = await createUser(t);
    const { secret } = await enableTwoFactor(t, user);
    const body = (password: string) => ({ password, code: totpCode(secret) });
    await spendWrongGuesses(user, '/api/auth/two-factor/disable', body);
    const wrong = await post(user, '/api/auth/two-factor/disable', body('guess-again'));
    const right = await post(user, '/api/auth/two-factor/disable', body(user.password));
    expect(wrong.statusCode).toBe(429);
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual(wrong.json());
  });
});
