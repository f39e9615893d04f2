import type { AuthUser } from '../../platform/auth-guard.ts';

/** Who may see what of a profile (DESIGN §4 rule 2: permissions in one policy per module). */

/**
 * A profile's email is shown to its owner and to their crew only (PROFILE-01, issue 22): never to
 * an anonymous visitor nor to a signed-in stranger.
 */
export function canSeeEmail(viewer: AuthUser | null, profileId: string, inCrew: boolean): boolean {
  return viewer !== null && (viewer.id === profileId || inCrew);
}

/** Only the owner changes an avatar (PROFILE-08); the upload route always targets the caller. */
export function canChangeAvatar(viewer: AuthUser, profileId: string): boolean {
  return viewer.id === profileId;
}
