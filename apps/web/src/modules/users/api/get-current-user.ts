import { queryOptions } from '@tanstack/react-query';
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

/** The session fetch as a query: the user slice is filled from its result (app/store/session.ts). */
export const currentUserQueryOptions = () =>
  queryOptions({ queryKey: ['users', 'me'] as const, queryFn: getCurrentUser, retry: false, staleTime: 0 });
