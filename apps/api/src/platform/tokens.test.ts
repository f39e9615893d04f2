import { afterEach, describe, expect, it, vi } from 'vitest';
import { AccessTokenError, createAccessTokens } from './tokens.ts';

const SECRET = 'a-test-secret-of-at-least-thirty-two-characters';
const USER_1 = '11111111-1111-4111-8111-111111111111';
const USER_2 = '22222222-2222-4222-8222-222222222222';
const SESSION_1 = '33333333-3333-4333-8333-333333333333';

describe('access tokens', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('[AUTH-11] import the signing key once, however many tokens are signed and verified', async () => {
    const importKey = vi.spyOn(globalThis.crypto.subtle, 'importKey');
    const tokens = createAccessTokens({ secret: SECRET, ttlSeconds: 900 });
    const token = await tokens.sign({ userId: USER_1, sessionId: SESSION_1 });
    for (let i = 0; i < 100; i++) {
      await expect(tokens.verify(token)).resolves.toEqual({ userId: USER_1, sessionId: SESSION_1 });
    }
    await Promise.all(Array.from({ length: 20 }, () => tokens.verify(token)));
    expect(importKey).toHaveBeenCalledTimes(1);
  });

  it('[AUTH-11] refuse a token signed with another secret, and call an expired one expired', async () => {
    const tokens = createAccessTokens({ secret: SECRET, ttlSeconds: 900 });
    const other = createAccessTokens({ secret: `${SECRET}-other`, ttlSeconds: 900 });
    const forged = await other.sign({ userId: USER_1, sessionId: undefined });
    await expect(tokens.verify(forged)).rejects.toEqual(new AccessTokenError('invalid'));
    const shortLived = createAccessTokens({ secret: SECRET, ttlSeconds: -10 });
    const expired = await shortLived.sign({ userId: USER_1, sessionId: undefined });
    await expect(tokens.verify(expired)).rejects.toEqual(new AccessTokenError('expired'));
  });

  it('[AUTH-11] a token seen before is not checked again until it expires, and then answers expired', async () => {
    const verifySignature = vi.spyOn(globalThis.crypto.subtle, 'verify');
    const tokens = createAccessTokens({ secret: SECRET, ttlSeconds: 60 });
    const token = await tokens.sign({ userId: USER_2, sessionId: SESSION_1 });
    for (let i = 0; i < 100; i++) await tokens.verify(token);
    expect(verifySignature).toHaveBeenCalledTimes(1);
    // A token that differs only in its signature is checked (and refused), not taken from memory.
    const tampered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    await expect(tokens.verify(tampered)).rejects.toEqual(new AccessTokenError('invalid'));
    expect(verifySignature).toHaveBeenCalledTimes(2);
    // 61 seconds later the remembered token has expired.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 });
    try {
      await expect(tokens.verify(token)).rejects.toEqual(new AccessTokenError('expired'));
    } finally {
      vi.useRealTimers();
    }
  });
});
