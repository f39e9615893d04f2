import { randomInt } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { DEFAULT_PASSWORD, outbox, recoveryCodeOf, uniqueEmail } from '../../../test/helpers/factories.ts';
import type { TestApp } from '../../../test/helpers/test-app.ts';

/**
 * The auth calls and small helpers of the auth tests (one app per describe block: useTestApp in
 * test/helpers/test-app.ts).
 *
 *   describe('login', () => {
 *     const t = useTestApp({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '3' });
 *     it('…', async () => expect((await login(t, { email, password })).statusCode).toBe(200));
 *   });
 */

/** POST /api/auth/<path> with the body as given (also malformed or missing, for bad-input tests). */
export const authPost = (t: TestApp, path: string, payload?: unknown, remoteAddress?: string) =>
  t.request({
    method: 'POST',
    url: `/api/auth/${path}`,
    payload: payload as object,
    ...(remoteAddress ? { remoteAddress } : {}),
  });

export const register = (t: TestApp, payload: unknown) => authPost(t, 'register', payload);
export const confirm = (t: TestApp, payload: unknown) => authPost(t, 'confirm', payload);
export const login = (t: TestApp, payload: unknown, remoteAddress?: string) =>
  authPost(t, 'login', payload, remoteAddress);
export const refresh = (t: TestApp, refreshToken: string) => authPost(t, 'refresh', { refreshToken });
export const askRecovery = (t: TestApp, email: string) => authPost(t, 'recovery', { email });

/**
 * Asks for a reset code and waits for its mail: the recovery mail leaves after the answer, so
 * the newest reset mail right after the call may still be the previous one.
 */
export async function askRecoveryCode(t: TestApp, email: string): Promise<string> {
  const resetMails = async () => (await outbox(t, email)).filter((m) => m.subject.includes('reset'));
  const before = new Set((await resetMails()).map((m) => m.id));
  const res = await askRecovery(t, email);
  if (res.statusCode !== 200) throw new Error(`recovery answered ${res.statusCode}: ${res.body}`);
  for (let waited = 0; waited < 5000; waited += 20) {
    const fresh = (await resetMails()).find((m) => !before.has(m.id));
    if (fresh) return recoveryCodeOf(fresh.text);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no new reset mail to ${email} within 5 s`);
}

/** A valid registration body with a fresh address; `overrides` replace or add fields. */
export const registration = (overrides: Record<string, unknown> = {}) => ({
  name: 'Ana',
  lastName: 'García',
  email: uniqueEmail('reg'),
  password: DEFAULT_PASSWORD,
  ...overrides,
});

/** A random private address, so per-address throttling in one test never touches another. */
export const randomIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/** The rows of a raw SQL query, on either engine. */
export async function rows<T>(t: TestApp, query: SQL): Promise<T[]> {
  const result = await t.database.db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}
