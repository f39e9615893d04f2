import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type UserPrivacy, userPrivacySchema } from '@tripcrew/contracts/users';
import { api } from '../../../lib/api-client.ts';
import { apiWrite } from '../../../lib/api-write.ts';

export const userPrivacyPath = '/users/users/me/privacy';

/** GET /users/users/me/privacy: who may find the signed-in user. */
export const userPrivacyQueryOptions = () =>
  queryOptions({
    queryKey: ['users', 'me', 'privacy'] as const,
    queryFn: async (): Promise<UserPrivacy> =>
      userPrivacySchema.parse(await api.get<unknown>(userPrivacyPath)),
  });

export function useUserPrivacy() {
  return useQuery(userPrivacyQueryOptions());
}

/** PUT /users/users/me/privacy; the cache takes the answer. */
export function useSetUserPrivacy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (privacy: UserPrivacy) => apiWrite('PUT', userPrivacyPath, privacy, userPrivacySchema),
    onSuccess: (privacy) => queryClient.setQueryData(userPrivacyQueryOptions().queryKey, privacy),
  });
}
