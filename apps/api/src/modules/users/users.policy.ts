import type { AuthUser } from '../../platform/auth-guard.ts';

/** Who may see what of a profile (DESIGN §4 rule 2: permissions in one policy per module). */

/** A profile's email is shown to signed-in users only (PROFILE-01). */
export function canSeeEmail(viewer: AuthUser | null): boolean {
  return viewer !== null;
}

/** Only the owner changes an avatar (PROFILE-08); the upload route always targets the caller. */
export function canChangeAvatar(viewer: AuthUser, profileId: string): boolean {
  return viewer.id === profileId;
}
