import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiWrite } from '../../../lib/api-write.ts';
import {
  deviceSessionsResponseSchema,
  revokeOtherSessionsResponseSchema,
  revokeSessionResponseSchema,
  type DeviceSessionsResponse,
  type RevokeOtherSessionsResponse,
  type RevokeSessionResponse,
} from '@tripcrew/contracts/auth-devices';
import { apiGet } from '../../../lib/api-client.ts';

export const SESSIONS_PATH = '/auth/sessions';
export const REVOKE_OTHERS_PATH = '/auth/sessions/revoke-others';
const SESSIONS_KEY = ['auth', 'sessions'] as const;

/** GET /auth/sessions: the signed-in devices of the user, this one first. */
export function getSessions(): Promise<DeviceSessionsResponse> {
  return apiGet(SESSIONS_PATH, deviceSessionsResponseSchema);
}

/** DELETE /auth/sessions/{id}: signs that device out (signedOut when it was this one). */
export function revokeSession(id: string): Promise<RevokeSessionResponse> {
  return apiWrite(
    'DELETE',
    `${SESSIONS_PATH}/${encodeURIComponent(id)}`,
    undefined,
    revokeSessionResponseSchema,
  );
}

/** POST /auth/sessions/revoke-others: signs every other device out. */
export function revokeOtherSessions(): Promise<RevokeOtherSessionsResponse> {
  return apiWrite('POST', REVOKE_OTHERS_PATH, undefined, revokeOtherSessionsResponseSchema);
}

export const sessionsQueryOptions = () =>
  queryOptions({ queryKey: SESSIONS_KEY, queryFn: getSessions, staleTime: 0 });

export function useSessions() {
  return useQuery(sessionsQueryOptions());
}

export function useRevokeSessionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['auth', 'revoke-session'],
    mutationFn: revokeSession,
    onSuccess: async (answer) => {
      if (!answer.signedOut) await queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });
    },
  });
}

export function useRevokeOtherSessionsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['auth', 'revoke-other-sessions'],
    mutationFn: revokeOtherSessions,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}
