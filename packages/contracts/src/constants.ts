/**
 * Plain values of the contracts, with no zod: the web app's first download imports them from here
 * and loads the schemas only when it validates an answer (PERF-07). The modules they belong to
 * re-export them, so the API keeps importing them from there.
 */

/** GET /users/notifications: the default and the largest page. */
export const NOTIFICATIONS_PAGE_SIZE = 20;
export const NOTIFICATIONS_PAGE_MAX = 100;

/** Close code when the auth frame is missing, late (5 s) or its token is not valid. */
export const LIVE_CLOSE_UNAUTHORIZED = 4401;
/**
 * The close reason (with 4401) when the access token has expired, at auth or later while the
 * socket is open: refresh the token, reconnect, then catch up with GET /users/messages/{chatId}?after=seq.
 */
export const LIVE_CLOSE_REASON_TOKEN_EXPIRED = 'token-expired';
/** Close reason of a live socket whose session ended (logout, revoked): sign in again, do not retry. */
export const LIVE_CLOSE_REASON_SESSION_ENDED = 'session-ended';
export const LIVE_AUTH_TIMEOUT_MS = 5000;

/**
 * SPEC §3 trip member roles, plus `viewer` (read-only: sees the trip and its plan, nothing
 * private such as a checklist). Permissions per role: docs/trips-permissions.md.
 */
export const TRIP_ROLES = ['admin', 'member', 'driver', 'guide', 'guest', 'other', 'viewer'] as const;
export type TripRole = (typeof TRIP_ROLES)[number];

/** Roles that may edit name, dates, transport, features, planner and checklist. */
export const TRIP_EDITOR_ROLES: readonly TripRole[] = ['admin', 'member', 'driver', 'guide'];

/** The wishlist every user has (GET /core/wishlist/ids?listname=default). */
export const DEFAULT_WISHLIST = 'default';

/** GET /core/features/search/: the default page size. */
export const FEATURE_PAGE_SIZE = 10;

/** The longest trip name, in characters. */
export const TRIP_NAME_MAX = 120;
