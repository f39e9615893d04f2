import type { RecoveryCodes, TwoFactorSetup } from '@tripcrew/contracts/auth-two-factor';
import { Secret, TOTP } from 'otpauth';
import type { TestUser } from '../../../../test/helpers/factories.ts';
import type { TestApp } from '../../../../test/helpers/test-app.ts';

/** Two-factor helpers of the tests: codes as an authenticator app computes them, and enrollment. */

/** The 6-digit code of `secret` at `atMs` (the current time by default), SHA-1 / 30 s. */
export function totpCode(secret: string, atMs: number = Date.now()): string {
  return TOTP.generate({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    timestamp: atMs,
  });
}

/** A 6-digit code that is none of the codes of the accepted window around `atMs`. */
export function wrongTotpCode(secret: string, atMs: number = Date.now()): string {
  const taken = new Set([-1, 0, 1].map((step) => totpCode(secret, atMs + step * 30_000)));
  for (let n = 0; ; n += 1) {
    const candidate = String(n).padStart(6, '0');
    if (!taken.has(candidate)) return candidate;
  }
}

/** POST /api/auth/<path> as `user`. */
export const twoFactorPost = (
  t: TestApp,
  user: Pick<TestUser, 'accessToken'>,
  path: string,
  payload?: object,
) =>
  t.request({
    method: 'POST',
    url: `/api/auth/${path}`,
    token: user.accessToken,
    ...(payload ? { payload } : {}),
  });

/** Turns two-factor sign-in on for `user` (code at the current time); its secret and recovery codes. */
export async function enableTwoFactor(
  t: TestApp,
  user: Pick<TestUser, 'accessToken'>,
): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await twoFactorPost(t, user, 'two-factor/setup');
  if (setup.statusCode !== 200) throw new Error(`setup answered ${setup.statusCode}: ${setup.body}`);
  const { secret } = setup.json() as TwoFactorSetup;
  const confirmed = await twoFactorPost(t, user, 'two-factor/confirm', { code: totpCode(secret) });
  if (confirmed.statusCode !== 200)
    throw new Error(`confirm answered ${confirmed.statusCode}: ${confirmed.body}`);
  return { secret, recoveryCodes: (confirmed.json() as RecoveryCodes).recoveryCodes };
}
