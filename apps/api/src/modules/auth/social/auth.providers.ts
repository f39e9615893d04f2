import { isCleanLine } from '@tripcrew/contracts/common';
import { z } from 'zod';
import type { Config } from '../../../config.ts';
import type { OAuthProviderName } from './auth-social.repository.ts';

/**
 * Google and GitHub as generic OAuth 2 authorization-code + PKCE providers whose endpoints come
 * from the configuration (GOOGLE_*_URL, GITHUB_*_URL), so tests drive the real flow against a
 * local OAuth2/OIDC server. Facebook and Apple exist in the product but are disabled.
 */

export interface ProviderProfile {
  providerUserId: string;
  /** Lower-cased; null when the provider gave none. */
  email: string | null;
  emailVerified: boolean;
  name: string;
  lastName: string;
}

export interface OAuthProvider {
  name: OAuthProviderName;
  label: string;
  clientId: string;
  clientSecret: string;
  authUrl: string;
  tokenUrl: string;
  scopes: string[];
  fetchProfile(accessToken: string): Promise<ProviderProfile>;
}

export class ProviderError extends Error {
  override name = 'ProviderError';
}

export const ENABLED_PROVIDERS = ['google', 'github'] as const;
export const DISABLED_PROVIDERS = { facebook: 'Facebook', apple: 'Apple' } as const;
export const PROVIDER_LABELS: Record<OAuthProviderName, string> = { google: 'Google', github: 'GitHub' };

const TIMEOUT_MS = 10_000;

async function getJson(
  url: string,
  accessToken: string,
  headers: Record<string, string> = {},
): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, {
      headers: {
        authorization: `Bearer ${accessToken}`,
        accept: 'application/json',
        'user-agent': 'Tripcrew',
        ...headers,
      },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new ProviderError(`GET ${url} failed: ${(error as Error).message}`);
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new ProviderError(`GET ${url} answered ${response.status}`);
  }
  try {
    return await response.json();
  } catch {
    throw new ProviderError(`GET ${url} did not answer JSON`);
  }
}

function parse<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const result = schema.safeParse(value);
  if (!result.success)
    throw new ProviderError(`unexpected ${what}: ${result.error.issues[0]?.message ?? ''}`);
  return result.data;
}

/**
 * What a provider's display name must not bring in (issue 22): the C0 and C1 controls, DEL, the
 * zero-width and direction marks, the bidi embeddings, overrides and isolates, and the BOM. They
 * are removed rather than refused: the provider, not the user, chose them.
 */
const UNSAFE_IN_NAME =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;
const NAME_MAX = 60;

/** A provider-given name fit to keep: unsafe characters removed, spaces collapsed, at most 60 characters. */
export function cleanProviderName(value: string | null | undefined): string {
  const text = (value ?? '').replace(UNSAFE_IN_NAME, '').replace(/\s+/g, ' ').trim();
  return Array.from(text).slice(0, NAME_MAX).join('').trim();
}

function splitName(full: string | null | undefined): { name: string; lastName: string } {
  const parts = cleanProviderName(full).split(' ').filter(Boolean);
  return { name: parts[0] ?? '', lastName: cleanProviderName(parts.slice(1).join(' ')) };
}

/** The first name when the provider gave none that survives cleaning: the email's local part, or "Traveller". */
function fallbackName(email: string | null): string {
  return cleanProviderName(email?.split('@')[0]) || 'Traveller';
}

/** Ids and addresses are not cleaned: one holding a control character is a broken answer (provider_error). */
const cleanId = z.string().min(1).max(255).refine(isCleanLine, 'control character in an id');
const cleanEmail = z.string().max(254).refine(isCleanLine, 'control character in an email address');

const googleUserinfo = z.object({
  sub: cleanId,
  email: cleanEmail.optional(),
  email_verified: z.union([z.boolean(), z.enum(['true', 'false'])]).optional(),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
  name: z.string().optional(),
});

const githubUser = z.object({
  id: z.union([z.number(), cleanId]),
  login: z.string(),
  name: z.string().nullable().optional(),
});
const githubEmails = z.array(z.object({ email: cleanEmail, primary: z.boolean(), verified: z.boolean() }));

export function configuredProviders(
  config: Pick<Config, 'oauth' | 'oauthEndpoints'>,
): Partial<Record<OAuthProviderName, OAuthProvider>> {
  const providers: Partial<Record<OAuthProviderName, OAuthProvider>> = {};
  const google = config.oauth.google;
  if (google) {
    const endpoints = config.oauthEndpoints.google;
    providers.google = {
      name: 'google',
      label: 'Google',
      ...google,
      authUrl: endpoints.authUrl,
      tokenUrl: endpoints.tokenUrl,
      scopes: ['openid', 'email', 'profile'],
      async fetchProfile(accessToken) {
        const info = parse(
          googleUserinfo,
          await getJson(endpoints.userinfoUrl, accessToken),
          'Google userinfo',
        );
        const fallback = splitName(info.name);
        const email = info.email ? info.email.trim().toLowerCase() : null;
        return {
          providerUserId: info.sub,
          email,
          emailVerified: info.email_verified === true || info.email_verified === 'true',
          name: cleanProviderName(info.given_name) || fallback.name || fallbackName(email),
          lastName: cleanProviderName(info.family_name) || fallback.lastName,
        };
      },
    };
  }
  const github = config.oauth.github;
  if (github) {
    const endpoints = config.oauthEndpoints.github;
    const headers = { accept: 'application/vnd.github+json', 'x-github-api-version': '2022-11-28' };
    providers.github = {
      name: 'github',
      label: 'GitHub',
      ...github,
      authUrl: endpoints.authUrl,
      tokenUrl: endpoints.tokenUrl,
      scopes: ['read:user', 'user:email'],
      async fetchProfile(accessToken) {
        const user = parse(
          githubUser,
          await getJson(`${endpoints.apiUrl}/user`, accessToken, headers),
          'GitHub user',
        );
        const emails = parse(
          githubEmails,
          await getJson(`${endpoints.apiUrl}/user/emails`, accessToken, headers),
          'GitHub emails',
        );
        // Only the primary address, and only when GitHub has verified it.
        const primary = emails.find((e) => e.primary && e.verified);
        const names = splitName(user.name);
        return {
          providerUserId: String(user.id),
          email: primary ? primary.email.trim().toLowerCase() : null,
          emailVerified: primary !== undefined,
          name: names.name || cleanProviderName(user.login) || 'Traveller',
          lastName: names.lastName,
        };
      },
    };
  }
  return providers;
}
