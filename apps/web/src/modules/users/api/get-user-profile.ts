import { queryOptions, useQuery } from '@tanstack/react-query';
import { type UserProfile, userProfileSchema } from '@tripcrew/contracts/users';
import { api } from '../../../lib/api-client.ts';

export const userProfilePath = (profileId: string) => `/users/users/${encodeURIComponent(profileId)}`;

/** GET /users/users/{profileId}: a public profile (email only for signed-in viewers; 404 when unknown). */
export async function getUserProfile(profileId: string): Promise<UserProfile> {
  return userProfileSchema.parse(await api.get<unknown>(userProfilePath(profileId)));
}

export const userProfileQueryOptions = (profileId: string) =>
  queryOptions({
    queryKey: ['users', 'profile', profileId] as const,
    queryFn: () => getUserProfile(profileId),
    retry: false,
  });

export function useUserProfile(profileId: string) {
  return useQuery(userProfileQueryOptions(profileId));
}
