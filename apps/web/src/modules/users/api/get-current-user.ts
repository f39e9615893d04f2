import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { api, apiGet } from '../../../lib/api-client.ts';
import type { UserProfile } from '../state/user-slice.ts';

export const CURRENT_USER_PATH = '/users/users/me';

/**
 * SPEC §7: the session fetch answers name, lastName, image, email and _id (the rest is not needed).
 * Loaded on first use: the session fetch is part of the first download (lib/lazy-schema.ts).
 */
const sessionUserSchema = () =>
  import('@tripcrew/contracts/users').then((module) =>
    module.currentUserSchema.pick({ _id: true, name: true, lastName: true, email: true, image: true }),
  );

/** GET /users/users/me: the signed-in user's profile, validated by its contract. */
export function getCurrentUser(): Promise<UserProfile> {
  return apiGet(CURRENT_USER_PATH, sessionUserSchema());
}

/**
 * GET /users/users/me as a plain authenticated call whose answer is not read: the API client's
 * single-flight refresh runs on a refused token (the live connection uses it after a 4401).
 */
export function callAsCurrentUser(): Promise<unknown> {
  return api.get<unknown>(CURRENT_USER_PATH);
}

/** The signed-in user's query: the one copy of the user, projected into the user slice (state/user-projection.ts). */
export const CURRENT_USER_KEY = ['users', 'me'] as const;

/** The session fetch as a query (app/store/session.ts): always asks the server. */
export const currentUserQueryOptions = () =>
  queryOptions({ queryKey: CURRENT_USER_KEY, queryFn: getCurrentUser, retry: false, staleTime: 0 });

/** A sign-in's answer (or any fresh profile) becomes the current user: only its profile fields are kept. */
export function setCurrentUser(queryClient: QueryClient, user: UserProfile): void {
  const { _id, name, lastName, email, image } = user;
  queryClient.setQueryData<UserProfile>(CURRENT_USER_KEY, { _id, name, lastName, email, image });
}

/** A change of the signed-in user's profile (a new picture): written over the cached user, if any. */
export function updateCurrentUser(queryClient: QueryClient, change: Partial<Omit<UserProfile, '_id'>>): void {
  queryClient.setQueryData<UserProfile>(CURRENT_USER_KEY, (current) =>
    current ? { ...current, ...change } : current,
  );
}
