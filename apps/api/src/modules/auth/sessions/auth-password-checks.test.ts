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

  /** Past the limit, one more wrong guess and the right password get the same 429: the right answer. */
  async function expectRefusedAlike(user: TestUser, url: string, payload: (password: string) => object) {
    await spendWrongGuesses(user, url, payload);
    const wrong = await post(user, url, payload('one-more-guess'));
    const right = await post(user, url, payload(user.password));
    expect(wrong.statusCode).toBe(429);
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual(wrong.json());
    return right;
  }

  it('account deletion: past the limit the right password gets the same 429 as a wrong one, and nothing is deleted', async () => {
    const user = await createUser(t);
    const right = await expectRefusedAlike(user, '/api/account/delete', (password) => ({ password }));
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
    await expectRefusedAlike(user, '/api/auth/change-password', body);
    // Another account is not held back by this one's guesses.
    const other = await createUser(t);
    const fine = await post(other, '/api/auth/change-password', body(other.password));
    expect(fine.statusCode).toBe(200);
  });

  it('turning off two-factor sign-in: past the limit the right password is refused alike', async () => {
    const user = await createUser(t);
    const { secret } = await enableTwoFactor(t, user);
    await expectRefusedAlike(user, '/api/auth/two-factor/disable', (password) => ({
      password,
      code: totpCode(secret),
    }));
  });
});
