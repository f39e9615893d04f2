import { describe, expect, it } from 'vitest';
import { createUser, insertUser, registerUser, uniqueEmail } from '../../../../test/helpers/factories.ts';
import { useTestApp } from '../../../../test/helpers/test-app.ts';
import { askRecovery, askRecoveryCode, authPost, confirm } from '../auth.fixtures.ts';

/**
 * Whether an address has an account must not show in the answers of the public code routes
 * (issue 22): a known and an unknown address get the same status and the same bytes.
 */

const sameAnswer = (
  known: { statusCode: number; body: string },
  unknown: { statusCode: number; body: string },
) => {
  expect(known.statusCode).toBe(unknown.statusCode);
  expect(known.body).toBe(unknown.body);
};

const wrongCodeFor = (code: string) => (code.replace('-', '') === '00000000' ? '11111111' : '00000000');

describe('the code routes do not tell which addresses have an account', () => {
  const t = useTestApp();

  it('[AUTH-46] POST /auth/confirm with a wrong code answers the same for a pending, a confirmed and an unknown address', async () => {
    const pending = await registerUser(t);
    const confirmed = await createUser(t);
    const unknown = await confirm(t, { email: uniqueEmail('nobody'), code: wrongCodeFor(pending.code) });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'CODE_INVALID', field: 'code' });
    for (let attempt = 0; attempt < 6; attempt += 1) {
      for (const email of [pending.email, confirmed.email]) {
        sameAnswer(await confirm(t, { email, code: wrongCodeFor(pending.code) }), unknown);
      }
    }
  });

  it('[AUTH-47] POST /auth/recovery-confirm after a recovery request answers the same for a known and an unknown address', async () => {
    const known = await insertUser(t);
    const ghost = uniqueEmail('ghost');
    const code = await askRecoveryCode(t, known.email);
    await askRecovery(t, ghost);
    const attempt = (email: string, guess: string) =>
      authPost(t, 'recovery-confirm', { email, code: guess, password: 'Brand-new-Pa55word' });
    const wrong = wrongCodeFor(code);
    for (let i = 0; i < 6; i += 1) sameAnswer(await attempt(known.email, wrong), await attempt(ghost, wrong));
    // The attempt limit still holds on the server: the real code is void now, and says no more.
    sameAnswer(await attempt(known.email, code), await attempt(ghost, code));
  });

  it('[AUTH-48] POST /auth/recovery answers the same bytes for a known and an unknown address', async () => {
    const known = await insertUser(t);
    const unconfirmed = await registerUser(t);
    const unknown = await askRecovery(t, uniqueEmail('ghost'));
    expect(unknown.statusCode).toBe(200);
    for (const email of [known.email, unconfirmed.email]) sameAnswer(await askRecovery(t, email), unknown);
  });
});
