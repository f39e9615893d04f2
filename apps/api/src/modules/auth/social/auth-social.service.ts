import type { ProvidersResponse } from '@tripcrew/contracts/auth';
import { CodeChallengeMethod, generateCodeVerifier, generateState, OAuth2Client } from 'arctic';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { AppError, notFound } from '../../../platform/errors.ts';
import { API_PREFIX } from '../../../platform/openapi.ts';
import { randomToken, sameHash, sha256, signPayload, verifyPayload } from '../../../platform/tokens.ts';
import { userAccounts } from '../../users/index.ts';
import {
  DISABLED_PROVIDERS,
  ENABLED_PROVIDERS,
  PROVIDER_LABELS,
  type OAuthProvider,
  type ProviderProfile,
} from './auth.providers.ts';
import {
  insertOneTimeToken,
  voidEmailCodes,
  voidOneTimeTokens,
} from '../registration/auth-codes.repository.ts';
import type { Sessions } from '../sessions/auth-sessions.service.ts';
import {
  findOAuthAccountUserId,
  insertOAuthAccount,
  type OAuthProviderName,
} from './auth-social.repository.ts';

/**
 * Sign-in with Google or GitHub: authorization code + PKCE; state and verifier travel in a
 * short-lived signed httpOnly cookie; the callback creates the user or links by VERIFIED email,
 * then hands the browser a one-time token (/auth/network?token=…) that activate-user exchanges
 * for a session. Failures in the callback redirect to `${APP_URL}/auth?error=<code>`.
 */

export const OAUTH_COOKIE = 'tripcrew-oauth';
export const OAUTH_COOKIE_PATH = `${API_PREFIX}/auth/networks`;
const STATE_AUDIENCE = 'tripcrew-oauth-state';
export const STATE_TTL_SECONDS = 600;
/** The social one-time token only has to survive one browser redirect. */
const SOCIAL_TOKEN_TTL_SECONDS = 120;

export type SocialFailure = 'access_denied' | 'invalid_state' | 'provider_error' | 'email_unverified';

export interface SocialServiceDeps {
  db: Db;
  /** Ends the sessions of an account taken over by its proven owner (and closes their live sockets). */
  sessions: Pick<Sessions, 'revokeAllForUser'>;
  providers: Partial<Record<OAuthProviderName, OAuthProvider>>;
  appUrl: string;
  stateSecret: string;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}

export function createSocialService(deps: SocialServiceDeps) {
  const { db, appUrl, log } = deps;

  const redirectUri = (name: OAuthProviderName) => `${appUrl}/api/auth/networks/${name}/callback`;
  const failure = (code: SocialFailure) => `${appUrl}/auth?error=${code}`;

  /** The configured provider, or the 404/503 that says why there is none. */
  function resolve(name: string): OAuthProvider {
    const disabled = DISABLED_PROVIDERS[name as keyof typeof DISABLED_PROVIDERS];
    if (disabled) {
      throw new AppError(
        'PROVIDER_DISABLED',
        `Sign-in with ${disabled} is disabled on Tripcrew. Use Google, GitHub or your email and password.`,
        404,
      );
    }
    if (!(ENABLED_PROVIDERS as readonly string[]).includes(name)) {
      throw notFound(
        `There is no sign-in provider called "${name}". Use Google, GitHub or your email and password.`,
      );
    }
    const provider = deps.providers[name as OAuthProviderName];
    if (!provider) {
      const label = PROVIDER_LABELS[name as OAuthProviderName];
      const env = name.toUpperCase();
      throw new AppError(
        'PROVIDER_NOT_CONFIGURED',
        `Sign-in with ${label} is not set up on this server (${env}_CLIENT_ID and ${env}_CLIENT_SECRET are missing). Use your email and password instead.`,
        503,
      );
    }
    return provider;
  }

  const clientFor = (provider: OAuthProvider) =>
    new OAuth2Client(provider.clientId, provider.clientSecret, redirectUri(provider.name));

  /** Finds or creates the user for a provider identity, inside the caller's transaction. */
  async function userFor(
    tx: Db,
    provider: OAuthProviderName,
    profile: ProviderProfile,
  ): Promise<string | SocialFailure> {
    const linked = await findOAuthAccountUserId(tx, provider, profile.providerUserId);
    if (linked) return linked;
    if (!profile.email || !profile.emailVerified) return 'email_unverified';
    let user = await userAccounts.findByEmailForUpdate(tx, profile.email);
    if (user && !user.emailVerifiedAt) {
      // Someone registered this address but never proved it. The provider just did, so the
      // account is the provider user's: drop the unproven password (account pre-hijacking defence).
      user = await userAccounts.update(tx, user.id, { emailVerifiedAt: new Date(), passwordHash: null });
      if (!user) return 'provider_error';
      await voidEmailCodes(tx, user.id, 'confirm');
      await voidOneTimeTokens(tx, user.id, 'activation');
      await deps.sessions.revokeAllForUser(tx, user.id);
    }
    if (!user) {
      user =
        (await userAccounts.insert(tx, {
          email: profile.email,
          name: profile.name,
          lastName: profile.lastName,
          passwordHash: null,
          emailVerifiedAt: new Date(),
        })) ?? (await userAccounts.findByEmailForUpdate(tx, profile.email));
      if (!user) return 'provider_error';
    }
    await insertOAuthAccount(tx, { provider, providerUserId: profile.providerUserId, userId: user.id });
    return user.id;
  }

  return {
    providers(): ProvidersResponse {
      return {
        google: Boolean(deps.providers.google),
        github: Boolean(deps.providers.github),
        facebook: false,
        apple: false,
      };
    },

    /** The provider's authorization URL and the signed cookie that carries state + PKCE verifier. */
    async start(name: string): Promise<{ url: string; cookie: string }> {
      const provider = resolve(name);
      const state = generateState();
      const verifier = generateCodeVerifier();
      const url = clientFor(provider).createAuthorizationURLWithPKCE(
        provider.authUrl,
        state,
        CodeChallengeMethod.S256,
        verifier,
        provider.scopes,
      );
      if (provider.name === 'google') url.searchParams.set('prompt', 'select_account');
      const cookie = await signPayload(
        deps.stateSecret,
        STATE_AUDIENCE,
        { provider: provider.name, state, verifier },
        STATE_TTL_SECONDS,
      );
      return { url: url.toString(), cookie };
    },

    /** Handles the provider's redirect back; resolves to where the browser goes next. */
    async finish(
      name: string,
      query: { code?: string | undefined; state?: string | undefined; error?: string | undefined },
      cookie: string | undefined,
    ): Promise<string> {
      const provider = resolve(name);
      if (query.error) {
        log.info({ provider: name, error: query.error }, 'social sign-in refused at the provider');
        return failure(query.error === 'access_denied' ? 'access_denied' : 'provider_error');
      }
      const saved = cookie ? await verifyPayload(deps.stateSecret, STATE_AUDIENCE, cookie) : undefined;
      if (
        !saved ||
        saved.provider !== provider.name ||
        typeof saved.state !== 'string' ||
        typeof saved.verifier !== 'string' ||
        !query.state ||
        !sameHash(saved.state, query.state) ||
        !query.code
      ) {
        log.warn({ provider: name }, 'social sign-in callback with a missing or mismatched state');
        return failure('invalid_state');
      }
      let profile: ProviderProfile;
      try {
        const tokens = await clientFor(provider).validateAuthorizationCode(
          provider.tokenUrl,
          query.code,
          saved.verifier,
        );
        profile = await provider.fetchProfile(tokens.accessToken());
      } catch (error) {
        log.warn({ provider: name, err: (error as Error).message }, 'social sign-in failed at the provider');
        return failure('provider_error');
      }
      const outcome = await db.transaction(async (tx) => {
        const userId = await userFor(tx, provider.name, profile);
        if (userId === 'email_unverified' || userId === 'provider_error') return userId;
        const token = randomToken();
        await insertOneTimeToken(tx, {
          userId,
          purpose: 'social',
          tokenHash: sha256(token),
          ttlSeconds: SOCIAL_TOKEN_TTL_SECONDS,
        });
        return { token };
      });
      if (typeof outcome === 'string') return failure(outcome);
      return `${appUrl}/auth/network?token=${encodeURIComponent(outcome.token)}`;
    },
  };
}
export type SocialService = ReturnType<typeof createSocialService>;
