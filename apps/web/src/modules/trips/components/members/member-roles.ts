import { TRIP_ROLES, type TripRole } from '@tripcrew/contracts/trips';
import { isApiError } from '../../../../lib/api-error.ts';

/** The visible name of each trip role (SPEC §3 roles, plus viewer). */
export const ROLE_LABELS: Record<TripRole, string> = {
  admin: 'Admin',
  member: 'Member',
  driver: 'Driver',
  guide: 'Guide',
  guest: 'Guest',
  other: 'Other',
  viewer: 'Viewer',
};

/** What each role may do, in a few words (docs/trips-permissions.md). */
export const ROLE_HINTS: Record<TripRole, string> = {
  admin: 'manages people and links',
  member: 'plans and edits',
  driver: 'plans and edits',
  guide: 'plans and edits',
  guest: 'sees the plan, packs',
  other: 'sees the plan, packs',
  viewer: 'only reads',
};

export const ALL_ROLES: readonly TripRole[] = TRIP_ROLES;

/** The server's message of a failed call (it says what to do), or a plain fallback. */
export function errorText(error: unknown, fallback = 'That did not work. Please try again.'): string {
  return isApiError(error) && error.message ? error.message : fallback;
}
