import { msg, t } from '@lingui/core/macro';
import { TRIP_ROLES, type TripRole } from '@tripcrew/contracts/trips';
import { isApiError } from '../../../../lib/api-error.ts';
import type { MessageDescriptor } from '../../../../lib/i18n/i18n.ts';

/** The visible name of each trip role (SPEC §3 roles, plus viewer). */
export const ROLE_LABELS: Record<TripRole, MessageDescriptor> = {
  admin: msg`Admin`,
  member: msg`Member`,
  driver: msg`Driver`,
  guide: msg`Guide`,
  guest: msg`Guest`,
  other: msg`Other`,
  viewer: msg`Viewer`,
};

/** What each role may do, in a few words (docs/trips-permissions.md). */
export const ROLE_HINTS: Record<TripRole, MessageDescriptor> = {
  admin: msg`manages people and links`,
  member: msg`plans and edits`,
  driver: msg`plans and edits`,
  guide: msg`plans and edits`,
  guest: msg`sees the plan, packs`,
  other: msg`sees the plan, packs`,
  viewer: msg`only reads`,
};

export const ALL_ROLES: readonly TripRole[] = TRIP_ROLES;

/** The server's message of a failed call (it says what to do), or a plain fallback. */
export function errorText(error: unknown, fallback?: string): string {
  return isApiError(error) && error.message
    ? error.message
    : (fallback ?? t`That did not work. Please try again.`);
}
