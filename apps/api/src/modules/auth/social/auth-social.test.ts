import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, insertUser, signIn, uniqueEmail } from '../../../../test/helpers/factories.ts';
import {
  startGitHubProvider,
  startGoogleProvider,
  type GitHubProfile,
  type GoogleProfile,
  type MockProvider,
} from '../../../../test/helpers/oauth-provider.ts';
import { createTestApp, type TestApp, useTestApp } from '../../../../test/helpers/test-app.ts';
import { enableTwoFactor } from '../two-factor/auth-two-factor.fixtures.ts';
import { authPost, login } from '../auth.fixtures.ts';

const COOKIE = 'tripcrew-oauth';

/** Step 1: the browser opens /api/auth/networks/{provider}. */
async function start(t: TestApp, provider: string) {
  const res = await t.request({ method: 'GET', url: `/api/auth/networks/${provider}` });
  expect(res.statusCode, res.body).toBe(302);
  const cookie = res.cookies.find((c) => c.name === COOKIE);
  return { res, location: new URL(res.headers.location as string), cookie };
}

/** Step 2: the provider's authorize endpoint (the user consents) redirects back with a code. */
async function authorize(location: URL): Promise<URL> {
  const res = await fetch(location, { redirect: 'manual' });
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location')!);
}

/** Step 3: the browser follows the redirect to our callback, with the state cookie. */
function callback(t: TestApp, url: URL, cookie: string | undefined) {
  return t.request({
    method: 'GET',
    url: `${url.pathname}${url.search}`,
    cookies: cookie ? { [COOKIE]: cookie } : {},
  });
}

/** The whole flow; resolves to where the API finally sends the browser. */
async function signInWith(t: TestApp, provider: string): Promise<URL> {
  const { location, cookie } = await start(t, provider);
  const back = await authorize(location);
  const res = await callback(t, back, cookie?.value);
  expect(res.statusCode, res.body).toBe(302);
  return new URL(res.headers.location as string);
}

/** A Google account of `email` (verified) with a fresh subject id, and `more` of its claims. */
function verifiedGoogle(email: string, more: Partial<GoogleProfile> = {}): GoogleProfile {
  return { sub: `g-${randomUUID()}`, email, email_verified: true, ...more };
}

function activate(t: TestApp, token: string) {
  return authPost(t, 'networks/activate-user', { token });
}

async function me(t: TestApp, accessToken: string) {
  return (await t.request({ method: 'GET', url: '/api/users/users/me', token: accessToken })).json();
}

describe('social sign-in against local OAuth2/OIDC providers', () => {
  let google: MockProvider<GoogleProfile>;
  let github: MockProvider<GitHubProfile>;
  let t: TestApp;
  beforeAll(async () => {
    google = await startGoogleProvider();
    github = await startGitHubProvider();
    t = await createTestApp({ ...google.env, ...github.env });
  });
  afterAll(async () => {
    await t.close();
    await google.close();
    await github.close();
  });

  it('[AUTH-16] GET /auth/networks/google answers 302 to the provider with state and PKCE (S256), and sets a short-lived httpOnly state cookie', async () => {
    const { location, cookie, res } = await start(t, 'google');
    expect(`${location.origin}${location.pathname}`).toBe(google.env.GOOGLE_AUTH_URL);
    const q = location.searchParams;
    expect(q.get('response_type')).toBe('code');
    expect(q.get('client_id')).toBe('tripcrew-google-client');
    expect(q.get('redirect_uri')).toBe(`${t.config.appUrl}/api/auth/networks/google/callback`);
    expect(q.get('state')?.length).toBeGreaterThanOrEqual(20);
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.get('scope')?.split(' ').sort()).toEqual(['email', 'openid', 'profile']);
    expect(cookie).toMatchObject({
      httpOnly: true,
      path: '/api/auth/networks',
      sameSite: 'Lax',
      maxAge: 600,
    });
    expect(cookie?.value).not.toContain(q.get('state'));
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('[AUTH-16] Google: the callback creates the user and redirects to /auth/network?token=…; activate-user returns tokens', async () => {
    const email = uniqueEmail('google');
    google.profile = verifiedGoogle(email, { given_name: 'Gina', family_name: 'Oogle' });
    const target = await signInWith(t, 'google');
    expect(`${target.origin}${target.pathname}`).toBe(`${t.config.appUrl}/auth/network`);
    const token = target.searchParams.get('token')!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // the token endpoint got the PKCE verifier (the provider checked it against the challenge)
    expect(google.tokenRequests.at(-1)).toMatchObject({ grant_type: 'authorization_code' });
    expect(google.tokenRequests.at(-1)?.code_verifier).toMatch(/^[A-Za-z0-9_-]{43,128}$/);
    const res = await activate(t, token);
    expect(res.statusCode).toBe(200);
    const profile = await me(t, res.json().accessToken);
    expect(profile).toMatchObject({ email, name: 'Gina', lastName: 'Oogle', image: null });
    // a social-only account has no password
    const rows = await t.database.db.execute(
      sql`select password_hash, email_verified_at from users where email = ${email}`,
    );
    const row = (
      rows as unknown as { rows: Array<{ password_hash: string | null; email_verified_at: unknown }> }
    ).rows[0];
    expect(row?.password_hash).toBeNull();
    expect(row?.email_verified_at).not.toBeNull();
  });

  it('[TOTP-17] a Google sign-in of an account with two-factor sign-in on asks for the code too', async () => {
    const existing = await createUser(t, { name: 'Guarded' });
    const { recoveryCodes } = await enableTwoFactor(t, existing);
    google.profile = verifiedGoogle(existing.email, { given_name: 'G' });
    const target = await signInWith(t, 'google');
    const answer = await activate(t, target.searchParams.get('token')!);
    expect(answer.statusCode, answer.body).toBe(200);
    const body = answer.json() as Record<string, unknown>;
    expect(body).toMatchObject({ twoFactorRequired: true });
    expect(body).not.toHaveProperty('accessToken');
    const wrong = await authPost(t, 'login/two-factor', { challenge: body.challenge, code: '000000' });
    expect(wrong.statusCode).toBe(401);
    const done = await authPost(t, 'login/two-factor', { challenge: body.challenge, code: recoveryCodes[0] });
    expect(done.statusCode, done.body).toBe(200);
    expect(await me(t, (done.json() as { accessToken: string }).accessToken)).toMatchObject({
      _id: existing.id,
    });
  });

  it('[AUTH-16] Google: links to the existing account with the same verified email; the password keeps working', async () => {
    const existing = await insertUser(t, { name: 'Existing' });
    google.profile = verifiedGoogle(existing.email.toUpperCase(), { given_name: 'Other' });
    const target = await signInWith(t, 'google');
    const session = (await activate(t, target.searchParams.get('token')!)).json();
    expect(await me(t, session.accessToken)).toMatchObject({ _id: existing.id, name: 'Existing' });
    expect((await signIn(t, existing.email, existing.password)).email).toBe(existing.email);
    // the next sign-in finds the link even if the provider's email changed meanwhile
    google.profile = { ...google.profile, email: uniqueEmail('changed') };
    const again = await signInWith(t, 'google');
    const second = (await activate(t, again.searchParams.get('token')!)).json();
    expect((await me(t, second.accessToken))._id).toBe(existing.id);
  });

  it('[AUTH-16] Google: linking an UNCONFIRMED account drops its unproven password (pre-hijacking defence)', async () => {
    const squatter = await insertUser(t, { confirmed: false, password: 'Squatters-Pa55word' });
    google.profile = verifiedGoogle(squatter.email, { given_name: 'Owner' });
    const target = await signInWith(t, 'google');
    expect((await activate(t, target.searchParams.get('token')!)).statusCode).toBe(200);
    const signedIn = await login(t, { email: squatter.email, password: 'Squatters-Pa55word' });
    expect(signedIn.statusCode).toBe(401);
  });

  it('[AUTH-16] Google: an unverified email neither creates nor links an account', async () => {
    const existing = await insertUser(t);
    google.profile = { sub: `g-${randomUUID()}`, email: existing.email, email_verified: false };
    const target = await signInWith(t, 'google');
    expect(`${target.pathname}${target.search}`).toBe('/auth?error=email_unverified');
    const links = await t.database.db.execute(
      sql`select count(*)::int as n from oauth_accounts where user_id = ${existing.id}`,
    );
    expect((links as unknown as { rows: Array<{ n: number }> }).rows[0]?.n).toBe(0);
  });

  it('[AUTH-16] GitHub: the callback reads /user and the verified primary address of /user/emails', async () => {
    const email = uniqueEmail('octo');
    github.profile = {
      user: { id: Math.floor(Math.random() * 1e9), login: 'octo', name: 'Mona Lisa Octocat' },
      emails: [
        { email: uniqueEmail('unverified'), primary: false, verified: false },
        { email, primary: true, verified: true },
      ],
    };
    const { location, cookie } = await start(t, 'github');
    expect(`${location.origin}${location.pathname}`).toBe(github.env.GITHUB_AUTH_URL);
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    expect(location.searchParams.get('scope')).toBe('read:user user:email');
    const back = await authorize(location);
    expect(back.pathname).toBe('/api/auth/networks/github/callback');
    const res = await callback(t, back, cookie?.value);
    const target = new URL(res.headers.location as string);
    expect(target.pathname).toBe('/auth/network');
    const session = (await activate(t, target.searchParams.get('token')!)).json();
    expect(await me(t, session.accessToken)).toMatchObject({ email, name: 'Mona', lastName: 'Lisa Octocat' });
  });

  it('[AUTH-16] GitHub: without a verified primary email the sign-in is refused with email_unverified', async () => {
    github.profile = {
      user: { id: Math.floor(Math.random() * 1e9), login: 'nomail', name: null },
      emails: [{ email: uniqueEmail('nomail'), primary: true, verified: false }],
    };
    const target = await signInWith(t, 'github');
    expect(target.searchParams.get('error')).toBe('email_unverified');
  });

  it('[AUTH-16] a callback without the state cookie, or with another state, redirects to /auth?error=invalid_state', async () => {
    google.profile = verifiedGoogle(uniqueEmail('state'));
    const { location, cookie } = await start(t, 'google');
    const back = await authorize(location);
    const noCookie = await callback(t, back, undefined);
    expect(noCookie.headers.location).toBe(`${t.config.appUrl}/auth?error=invalid_state`);
    const forged = new URL(back);
    forged.searchParams.set('state', 'another-state-value-000000');
    const wrongState = await callback(t, forged, cookie?.value);
    expect(wrongState.headers.location).toBe(`${t.config.appUrl}/auth?error=invalid_state`);
    const tampered = await callback(t, back, `${cookie?.value}x`);
    expect(tampered.headers.location).toBe(`${t.config.appUrl}/auth?error=invalid_state`);
    // a cookie minted for GitHub does not complete a Google callback
    const githubStart = await start(t, 'github');
    const crossed = await callback(t, back, githubStart.cookie?.value);
    expect(crossed.headers.location).toBe(`${t.config.appUrl}/auth?error=invalid_state`);
  });

  it('[AUTH-16] a refusal at the provider and a failing token endpoint redirect to /auth with their error', async () => {
    const denied = await t.request({
      method: 'GET',
      url: '/api/auth/networks/google/callback?error=access_denied&state=x',
    });
    expect(denied.statusCode).toBe(302);
    expect(denied.headers.location).toBe(`${t.config.appUrl}/auth?error=access_denied`);
    google.failNextTokenRequest();
    const target = await signInWith(t, 'google');
    expect(target.searchParams.get('error')).toBe('provider_error');
  });

  it('[AUTH-05] the social token is single use and short-lived', async () => {
    google.profile = verifiedGoogle(uniqueEmail('once'), { given_name: 'Once' });
    const token = (await signInWith(t, 'google')).searchParams.get('token')!;
    expect((await activate(t, token)).statusCode).toBe(200);
    const second = await activate(t, token);
    expect(second.statusCode).toBe(400);
    expect(second.json().code).toBe('TOKEN_USED');
    const lifetime = await t.database.db.execute(
      sql`select round(extract(epoch from (expires_at - created_at)))::int as seconds from one_time_tokens where purpose = 'social' order by created_at desc limit 1`,
    );
    expect(
      (lifetime as unknown as { rows: Array<{ seconds: number }> }).rows[0]?.seconds,
    ).toBeLessThanOrEqual(300);

    const late = (await signInWith(t, 'google')).searchParams.get('token')!;
    await t.database.db.execute(
      sql`update one_time_tokens set expires_at = now() - interval '1 second' where consumed_at is null and purpose = 'social'`,
    );
    const expired = await activate(t, late);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().code).toBe('TOKEN_EXPIRED');
  });

  it.each([
    {
      what: 'a name with NUL, control and text-direction characters signs in with a clean name',
      names: {
        given_name: '\u0000Gi\u0000na\u202e\u0085',
        family_name: '\u2066O\u0007ogle\u2069 ',
        name: 'ignored',
      },
      expected: (_email: string) => ({ name: 'Gina', lastName: 'Oogle' }),
    },
    {
      what: "a name made only of control characters falls back to the email's local part",
      names: { given_name: '\u0000\u202e ', family_name: '\u0000', name: '\u0000\u2067' },
      expected: (email: string) => ({ name: email.split('@')[0], lastName: '' }),
    },
  ])('[AUTH-51] Google: $what', async ({ names, expected }) => {
    const email = uniqueEmail('dirty');
    google.profile = verifiedGoogle(email, names);
    const target = await signInWith(t, 'google');
    expect(target.pathname).toBe('/auth/network');
    const session = await activate(t, target.searchParams.get('token')!);
    expect(session.statusCode, session.body).toBe(200);
    expect(await me(t, session.json().accessToken)).toMatchObject({ email, ...expected(email) });
  });

  it('[AUTH-51] GitHub: a NUL or text-direction name and login sign in as "Traveller"', async () => {
    const email = uniqueEmail('octonul');
    github.profile = {
      user: { id: Math.floor(Math.random() * 1e9), login: '\u0000\u202e', name: '\u0000 \u2066' },
      emails: [{ email, primary: true, verified: true }],
    };
    const target = await signInWith(t, 'github');
    expect(target.pathname).toBe('/auth/network');
    const session = await activate(t, target.searchParams.get('token')!);
    expect(session.statusCode, session.body).toBe(200);
    expect(await me(t, session.json().accessToken)).toMatchObject({ email, name: 'Traveller', lastName: '' });
  });

  it('[AUTH-51] a provider answer whose id or email holds NUL is refused with provider_error, never a 500', async () => {
    google.profile = {
      sub: 'g-\u0000-x',
      email: uniqueEmail('nulid'),
      email_verified: true,
      given_name: 'N',
    };
    const target = await signInWith(t, 'google');
    expect(target.searchParams.get('error')).toBe('provider_error');
    google.profile = verifiedGoogle(`nul\u0000${uniqueEmail('mail')}`, { given_name: 'N' });
    const second = await signInWith(t, 'google');
    expect(second.searchParams.get('error')).toBe('provider_error');
  });

  it('[AUTH-17] GET /auth/providers says which login buttons to enable', async () => {
    const res = await t.request({ method: 'GET', url: '/api/auth/providers' });
    expect(res.json()).toEqual({ google: true, github: true, facebook: false, apple: false });
  });

  it.each(['facebook', 'apple'])(
    '[AUTH-17] GET /auth/networks/%s answers 404 with a clear message',
    async (provider) => {
      for (const url of [
        `/api/auth/networks/${provider}`,
        `/api/auth/networks/${provider}/callback?code=x&state=y`,
      ]) {
        const res = await t.request({ method: 'GET', url });
        expect(res.statusCode).toBe(404);
        expect(res.json().code).toBe('PROVIDER_DISABLED');
        expect(res.json().message).toMatch(/is disabled on Tripcrew/);
      }
    },
  );

  it('an unknown provider answers 404 with a message', async () => {
    const res = await t.request({ method: 'GET', url: '/api/auth/networks/myspace' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/no sign-in provider called "myspace"/);
  });

  it('a callback with an over-long code answers 400, never 5xx', async () => {
    const res = await t.request({
      method: 'GET',
      url: `/api/auth/networks/google/callback?code=${'c'.repeat(3000)}`,
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('social sign-in without configured credentials', () => {
  const t = useTestApp();

  it('[AUTH-17] a provider without configured credentials answers 503 with a clear error, and its button is disabled', async () => {
    for (const url of ['/api/auth/networks/google', '/api/auth/networks/github/callback?code=a&state=b']) {
      const res = await t.request({ method: 'GET', url });
      expect(res.statusCode).toBe(503);
      expect(res.json().code).toBe('PROVIDER_NOT_CONFIGURED');
      expect(res.json().message).toMatch(/not set up on this server/);
    }
    const providers = await t.request({ method: 'GET', url: '/api/auth/providers' });
    expect(providers.json()).toEqual({ google: false, github: false, facebook: false, apple: false });
  });
});
