import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiWrite } from '../../../lib/api-write.ts';
import {
  type CrewRequestResult,
  type CrewSearchResult,
  crewRequestResultSchema,
} from '@tripcrew/contracts/crew';

import { crewKeys } from './crew-keys.ts';
import { logCrewError } from './crew-errors.ts';

export const CREW_REQUEST_PATH = '/users/crew/crew-request';

/** POST /users/crew/crew-request {userId}: 'pending' (asked) or 'friend' (they had asked me). */
export async function sendCrewRequest(userId: string): Promise<CrewRequestResult> {
  const data = await apiWrite<unknown>('POST', CREW_REQUEST_PATH, { userId });
  const parsed = crewRequestResultSchema.safeParse(data);
  if (!parsed.success) throw new Error('Unexpected crew request data');
  return parsed.data;
}

/** After any crew change: refetch every crew query (their saved copies marked invalidated too). */
export function afterCrewChange(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: crewKeys.all });
}

/**
 * A crew change: on success `apply` updates the cached lists at once, then every crew query is
 * refetched; a failure is logged as `action`.
 */
export function useCrewChange<TResult, TVariables>(
  mutationFn: (variables: TVariables) => Promise<TResult>,
  apply: (queryClient: QueryClient, result: TResult, variables: TVariables) => void,
  action: string,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (result, variables) => {
      apply(queryClient, result, variables);
      afterCrewChange(queryClient);
    },
    onError: (error) => logCrewError(action, error),
  });
}

export function useSendCrewRequest() {
  return useCrewChange(
    sendCrewRequest,
    (queryClient, result, userId) =>
      // The result shows its new status at once, in every search that listed the person.
      queryClient.setQueriesData<CrewSearchResult[]>({ queryKey: [...crewKeys.all, 'search'] }, (list) =>
        list?.map((person) => (person._id === userId ? { ...person, status: result.status } : person)),
      ),
    'sending a request',
  );
}
