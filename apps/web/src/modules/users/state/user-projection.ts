import type { UnknownAction } from '@reduxjs/toolkit';
import type { QueryClient } from '@tanstack/react-query';
import { projectQuery } from '../../../lib/query-projection.ts';
import { CURRENT_USER_KEY } from '../api/get-current-user.ts';
import { login, type UserProfile, type UserState } from './user-slice.ts';

/**
 * Writes the persisted user slice (SPEC §3: 'user') from the current user's query (decision 011);
 * returns the unsubscribe. An answer (a session check, a sign-in's `setQueryData`, a new picture)
 * is written at once (cache events are synchronous), so a screen reading the slice right after a
 * sign-in sees the user. A query without data (a failed check, offline) writes nothing: the saved
 * user stays. The session reset, which removes the query, clears the slice (app/store/session.ts).
 */
export function projectUser(
  queryClient: QueryClient,
  dispatch: (action: UnknownAction) => unknown,
): () => void {
  return projectQuery<UserProfile>(queryClient, CURRENT_USER_KEY, (state) => {
    if (state.data) dispatch(login(state.data));
  });
}

/** The saved user of a signed-in start seeds the query (stale: the session check still asks the server). */
export function seedCurrentUser(queryClient: QueryClient, saved: UserState): void {
  if (!saved.isAuthenticated || !saved._id || queryClient.getQueryData(CURRENT_USER_KEY) !== undefined)
    return;
  const profile: UserProfile = {
    _id: saved._id,
    name: saved.name ?? '',
    lastName: saved.lastName ?? '',
    email: saved.email ?? '',
    image: saved.image,
  };
  queryClient.setQueryData<UserProfile>(CURRENT_USER_KEY, profile, { updatedAt: 0 });
}
