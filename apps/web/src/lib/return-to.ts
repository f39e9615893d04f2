import { msg } from '@lingui/core/macro';
import { i18n } from './i18n/i18n.ts';
/**
 * Where the sign-in page sends the user back to: a same-origin path of this app, never another
 * site (no open redirect) and never an account page itself.
 */

/** Query parameter of /auth (and /auth/register, /auth/confirm) naming the way back. */
export const RETURN_TO_PARAM = 'returnTo';
/** Query parameter of /auth naming why the user was sent to sign in. */
export const SIGN_IN_REASON_PARAM = 'reason';

export const SIGN_IN_REASONS = {
  'trip-create': msg`Sign in to create your trip — your picks are kept.`,
  protected: msg`Sign in to open this page — you will come straight back to it.`,
  wishlist: msg`Sign in to save features to your wishlist — you will come straight back here.`,
} as const;
export type SignInReason = keyof typeof SIGN_IN_REASONS;

const ORIGIN = 'http://tripcrew.invalid';

/** The path itself when it is a safe same-origin path ('/place/…?…'), else null. */
export function safeReturnTo(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 2000) return null;
  // Only a path: no scheme, no protocol-relative '//host', no '\' (browsers read it as '/').
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== ORIGIN) return null;
  // Back to an account screen would loop (or show the sign-in form again).
  if (url.pathname === '/auth' || url.pathname.startsWith('/auth/')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The way back named by a sign-in page URL (?returnTo=) or, failing that, by the router state. */
export function returnToFrom(search: URLSearchParams, state?: unknown): string | null {
  const fromQuery = safeReturnTo(search.get(RETURN_TO_PARAM));
  if (fromQuery) return fromQuery;
  if (typeof state === 'object' && state !== null && 'from' in state) {
    return safeReturnTo((state as { from: unknown }).from);
  }
  return null;
}

/**
 * The router state of a move to /auth that keeps the URL plain (protected pages, SPEC §6: they
 * go to /auth): the way back and the reason, read by returnToFrom and signInReasonText.
 */
export function signInState(
  from: string,
  reason: SignInReason = 'protected',
): {
  from: string;
  reason: SignInReason;
} {
  return { from, reason };
}

/** The reason text named by ?reason= (or the router state's reason), or null. */
export function signInReasonText(search: URLSearchParams, state?: unknown): string | null {
  const fromState =
    typeof state === 'object' && state !== null && 'reason' in state
      ? (state as { reason: unknown }).reason
      : null;
  const reason = search.get(SIGN_IN_REASON_PARAM) ?? fromState;
  if (typeof reason === 'string' && Object.hasOwn(SIGN_IN_REASONS, reason)) {
    return i18n._(SIGN_IN_REASONS[reason as SignInReason]);
  }
  return null;
}

/** `path` (an account page) with the way back and the reason added: '/auth?returnTo=%2Fplace…'. */
export function withReturnTo(path: string, returnTo: string | null, reason?: SignInReason): string {
  const safe = safeReturnTo(returnTo);
  const params = new URLSearchParams();
  if (safe) params.set(RETURN_TO_PARAM, safe);
  if (reason) params.set(SIGN_IN_REASON_PARAM, reason);
  const [base, existing] = path.split('?', 2) as [string, string | undefined];
  const merged = new URLSearchParams(existing);
  params.forEach((value, key) => merged.set(key, value));
  const query = merged.toString();
  return query ? `${base}?${query}` : base;
}

const STASH_KEY = 'sign-in-return-to';

/** Keeps the way back across a social sign-in (the browser leaves the app and comes back). */
export function stashReturnTo(returnTo: string | null): void {
  try {
    const safe = safeReturnTo(returnTo);
    if (safe) sessionStorage.setItem(STASH_KEY, safe);
    else sessionStorage.removeItem(STASH_KEY);
  } catch {
    // Storage unavailable: the user lands on / instead.
  }
}

/** The stashed way back, left in place (e.g. while a registration waits for its code), or null. */
export function peekStashedReturnTo(): string | null {
  try {
    return safeReturnTo(sessionStorage.getItem(STASH_KEY));
  } catch {
    return null;
  }
}

/** The stashed way back (once: it is removed), or null. */
export function takeStashedReturnTo(): string | null {
  try {
    const value = sessionStorage.getItem(STASH_KEY);
    sessionStorage.removeItem(STASH_KEY);
    return safeReturnTo(value);
  } catch {
    return null;
  }
}
