import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectError, expectJson, expectStatus } from '../../../../test/helpers/api-calls.ts';
import { createUser } from '../../../../test/helpers/factories.ts';
import { addPasskey, SoftPasskey } from '../../../../test/helpers/passkey-authenticator.ts';
import { useTestApp } from '../../../../test/helpers/test-app.ts';

interface PasskeyJson {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}
interface RegistrationOptions {
  challenge: string;
  rp: { id: string; name: string };
  user: { id: string; name: string; displayName: string };
  excludeCredentials?: Array<{ id: string }>;
  authenticatorSelection: { residentKey: string; userVerification: string };
}
interface AuthenticationOptions {
  challengeId: string;
  options: { challenge: string; rpId: string; allowCredentials?: unknown[]; userVerification: string };
}

describe('passkeys', () => {
  const t = useTestApp();
  const origin = () => new URL(t.config.appUrl).origin;
  const send = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token?: string, payload?: object) =>
    t.request({ method, url: `/api${url}`, ...(token ? { token } : {}), ...(payload ? { payload } : {}) });
  const registrationOptions = async (token: string) =>
    (
      await expectJson<{ options: RegistrationOptions }>(
        send('POST', '/auth/passkeys/registration-options', token),
      )
    ).options;
  const authenticationOptions = () =>
    expectJson<AuthenticationOptions>(send('POST', '/auth/passkeys/authentication-options'));
  const list = (token: string) => expectJson<PasskeyJson[]>(send('GET', '/auth/passkeys', token));

  it('[PASSKEY-01] registration options name the app as relying party and ask for a discoverable, verified passkey', async () => {
    const ana = await createUser(t, { name: 'Ana', lastName: 'Lima' });
    const options = await registrationOptions(ana.accessToken);
    expect(options.rp).toEqual({ id: 'localhost', name: 'Tripcrew' });
    expect(options.user).toMatchObject({ name: ana.email, displayName: 'Ana Lima' });
    expect(Buffer.from(options.user.id, 'base64url').toString('utf8')).toBe(ana.id);
    expect(options.challenge).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(options.authenticatorSelection).toMatchObject({
      residentKey: 'required',
      userVerification: 'required',
    });
    expect(options.excludeCredentials).toEqual([]);

    // The passkeys already on the account are excluded from the next registration.
    const { passkey } = await addPasskey(t, ana);
    const next = await registrationOptions(ana.accessToken);
    expect(next.excludeCredentials?.map((c) => c.id)).toEqual([passkey.id]);
    expect(next.challenge).not.toBe(options.challenge);
  });

  it('[PASSKEY-02] a passkey added with a software authenticator signs in with the same answer as a password login', async () => {
    const ana = await createUser(t, { name: 'Ana', lastName: 'Lima' });
    const passkey = new SoftPasskey({ origin: origin() });
    const added = await expectJson<PasskeyJson>(
      send('POST', '/auth/passkeys', ana.accessToken, {
        response: passkey.register(await registrationOptions(ana.accessToken)),
      }),
      201,
    );
    expect(added).toMatchObject({ name: 'Passkey', lastUsedAt: null });
    expect(await list(ana.accessToken)).toEqual([added]);

    const { challengeId, options } = await authenticationOptions();
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/passkeys/login',
      headers: { 'user-agent': 'Passkey-Test-Browser/1.0' },
      payload: { challengeId, response: passkey.authenticate(options) },
    });
    const session = await expectJson<Record<string, unknown>>(res);
    const password = await expectJson<Record<string, unknown>>(
      send('POST', '/auth/login', undefined, { email: ana.email, password: ana.password }),
    );
    expect(Object.keys(session).sort()).toEqual(Object.keys(password).sort());
    expect(session).toMatchObject({ _id: ana.id, email: ana.email, name: 'Ana', lastName: 'Lima' });
    // The new session works and carries the user agent like a password sign-in.
    const me = await expectJson<{ _id: string }>(
      send('GET', '/users/users/me', session.accessToken as string),
    );
    expect(me._id).toBe(ana.id);
    const agent = (await t.database.db.execute(
      sql`select user_agent from refresh_tokens where user_id = ${ana.id} and user_agent = 'Passkey-Test-Browser/1.0'`,
    )) as unknown as { rows: unknown[] };
    expect(agent.rows).toHaveLength(1);
    const [used] = await list(ana.accessToken);
    expect(used?.lastUsedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    // A second sign-in moves the counter on; an answer for a used challenge is refused.
    const again = await authenticationOptions();
    const answer = passkey.authenticate(again.options);
    await expectStatus(
      send('POST', '/auth/passkeys/login', undefined, { challengeId: again.challengeId, response: answer }),
      200,
    );
    const replay = await send('POST', '/auth/passkeys/login', undefined, {
      challengeId: again.challengeId,
      response: answer,
    });
    expectError(replay, 401, /expired or was already used/);
  });

  it('[PASSKEY-03] a registration answer that does not verify is a 400, and its challenge is spent', async () => {
    const ana = await createUser(t);
    const options = await registrationOptions(ana.accessToken);
    const wrongOrigin = new SoftPasskey({ origin: 'https://evil.example' }).register(options);
    const refused = await send('POST', '/auth/passkeys', ana.accessToken, { response: wrongOrigin });
    expectError(refused, 400, /could not be verified/);
    expect(refused.json().code).toBe('PASSKEY_NOT_VERIFIED');
    // The same challenge with a correct answer: already used.
    const right = new SoftPasskey({ origin: origin() }).register(options);
    expectError(
      await send('POST', '/auth/passkeys', ana.accessToken, { response: right }),
      400,
      /expired or was already used/,
    );

    // Garbage in every part: 400, never a 500.
    const garbage = {
      id: 'AAAA',
      rawId: 'AAAA',
      type: 'public-key',
      response: { clientDataJSON: 'AAAA', attestationObject: 'AAAA' },
      clientExtensionResults: {},
    };
    await expectStatus(send('POST', '/auth/passkeys', ana.accessToken, { response: garbage }), 400);
    await expectStatus(send('POST', '/auth/passkeys', ana.accessToken, { response: { id: 'x' } }), 400);
    await expectStatus(send('POST', '/auth/passkeys', ana.accessToken, {}), 400);
    // Another user's challenge is not yours.
    const ben = await createUser(t);
    const bens = new SoftPasskey({ origin: origin() }).register(await registrationOptions(ben.accessToken));
    expectError(
      await send('POST', '/auth/passkeys', ana.accessToken, { response: bens }),
      400,
      /expired or was already used/,
    );
    expect(await list(ana.accessToken)).toEqual([]);
  });

  it('[PASSKEY-04] only the owner lists, renames and removes a passkey (404 for anyone else)', async () => {
    const [ana, ben] = [await createUser(t), await createUser(t)];
    const { id, passkey } = await addPasskey(t, ana, 'Work laptop');
    expect((await list(ana.accessToken)).map((p) => p.name)).toEqual(['Work laptop']);
    expect(await list(ben.accessToken)).toEqual([]);

    expectError(
      await send('PATCH', `/auth/passkeys/${id}`, ben.accessToken, { name: 'Mine now' }),
      404,
      /no such passkey/,
    );
    expectError(await send('DELETE', `/auth/passkeys/${id}`, ben.accessToken), 404, /no such passkey/);
    await expectStatus(send('PATCH', '/auth/passkeys/not-a-uuid', ana.accessToken, { name: 'X' }), 404);
    await expectStatus(send('GET', '/auth/passkeys'), 401);

    const renamed = await expectJson<PasskeyJson>(
      send('PATCH', `/auth/passkeys/${id}`, ana.accessToken, { name: '  Phone  ' }),
    );
    expect(renamed).toMatchObject({ id, name: 'Phone' });
    expect(await expectJson(send('DELETE', `/auth/passkeys/${id}`, ana.accessToken))).toEqual({ ok: true });
    expect(await list(ana.accessToken)).toEqual([]);
    await expectStatus(send('DELETE', `/auth/passkeys/${id}`, ana.accessToken), 404);

    // A removed passkey no longer signs in.
    const { challengeId, options } = await authenticationOptions();
    const res = await send('POST', '/auth/passkeys/login', undefined, {
      challengeId,
      response: passkey.authenticate(options),
    });
    expectError(res, 401, /could not sign you in/);
  });

  it('[PASSKEY-05] sign-in options are discoverable (no allowCredentials) and come with an opaque challenge id', async () => {
    const first = await authenticationOptions();
    const second = await authenticationOptions();
    expect(first.challengeId).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.challengeId).not.toBe(second.challengeId);
    expect(first.options.challenge).not.toBe(second.options.challenge);
    expect(first.options).toMatchObject({ rpId: 'localhost', userVerification: 'required' });
    expect(first.options.allowCredentials ?? []).toEqual([]);
  });

  it('[PASSKEY-06] an unknown passkey, a bad signature, another user handle or a bad challenge id is a 401, never a 500', async () => {
    const ana = await createUser(t);
    const { passkey } = await addPasskey(t, ana);
    const login = async (challengeId: string, response: object) =>
      send('POST', '/auth/passkeys/login', undefined, { challengeId, response });
    /** The answer is refused as a failed sign-in (401), whatever was wrong with it. */
    const refused = async (challengeId: string, response: object) =>
      expectError(await login(challengeId, response), 401, /could not sign you in/);

    const unknown = await authenticationOptions();
    const stranger = new SoftPasskey({ origin: origin() });
    stranger.userHandle = Buffer.from(ana.id).toString('base64url');
    await refused(unknown.challengeId, stranger.authenticate(unknown.options));

    const tampered = await authenticationOptions();
    const answer = passkey.authenticate(tampered.options);
    answer.response.signature = Buffer.from('not a signature').toString('base64url');
    await refused(tampered.challengeId, answer);

    const otherHandle = await authenticationOptions();
    const ben = await createUser(t);
    const asBen = passkey.authenticate(otherHandle.options, {
      userHandle: Buffer.from(ben.id).toString('base64url'),
    });
    await refused(otherHandle.challengeId, asBen);

    const wrongOrigin = await authenticationOptions();
    const phished = new SoftPasskey({ origin: 'https://evil.example', rpId: 'localhost' });
    await refused(wrongOrigin.challengeId, phished.authenticate(wrongOrigin.options));

    const fresh = await authenticationOptions();
    const good = passkey.authenticate(fresh.options);
    expectError(await login('00000000-0000-4000-8000-000000000000', good), 401, /expired/);
    expectError(await login('not-an-id', good), 401, /expired/);
    await expectStatus(login(fresh.challengeId, { id: 'AAAA' }), 400);
    // The unused challenge still works for the right answer.
    await expectStatus(login(fresh.challengeId, good), 200);
  });

  it('[PASSKEY-07] a passkey name with control or text-direction characters is a 400 naming the field', async () => {
    const ana = await createUser(t);
    const { id } = await addPasskey(t, ana);
    for (const name of ['Phone\u0000', 'Bell\u0007', '\u202eenohP', '']) {
      const res = await send('PATCH', `/auth/passkeys/${id}`, ana.accessToken, { name });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().field).toBe('name');
    }
    const options = await registrationOptions(ana.accessToken);
    const response = new SoftPasskey({ origin: origin() }).register(options);
    const res = await send('POST', '/auth/passkeys', ana.accessToken, { response, name: 'Key\u0085' });
    expectError(res, 400, /control or text-direction/);
    expectError(
      await send('PATCH', `/auth/passkeys/${id}`, ana.accessToken, { name: 'x'.repeat(61) }),
      400,
      /at most 60/,
    );
  });

  it('[PASSKEY-08] the same passkey cannot be registered twice; signed out, the management routes answer 401', async () => {
    const ana = await createUser(t);
    const { passkey } = await addPasskey(t, ana);
    const res = await send('POST', '/auth/passkeys', ana.accessToken, {
      response: passkey.register(await registrationOptions(ana.accessToken)),
    });
    expectError(res, 409, /already registered/);
    await expectStatus(send('POST', '/auth/passkeys/registration-options'), 401);
    const response = new SoftPasskey({ origin: origin() }).register(
      await registrationOptions(ana.accessToken),
    );
    await expectStatus(send('POST', '/auth/passkeys', undefined, { response }), 401);
  });
});
