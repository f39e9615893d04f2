import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CrewUser } from '@tripcrew/contracts/crew';
import { apiGet } from '../../../lib/api-client.ts';
import { cachedQuery } from '../../../lib/cached-query.ts';
import { crewKeys } from './crew-keys.ts';
import { loggedCrewCall } from './crew-errors.ts';

export const MY_CREW_PATH = '/users/crew/my-crew';

/** GET /users/crew/my-crew through the cached GET (SPEC §7). */
export function getMyCrew(): Promise<CrewUser[]> {
  return apiGet(
    MY_CREW_PATH,
    import('@tripcrew/contracts/crew').then((module) => module.myCrewResponseSchema),
  );
}

export const myCrewQueryOptions = () =>
  cachedQuery(
    queryOptions({
      queryKey: crewKeys.myCrew(),
      // SPEC §8: a failure is logged only.
      queryFn: () => loggedCrewCall('loading the crew', getMyCrew),
      retry: false,
    }),
  );

/** The signed-in user's crew; only runs when `enabled` (signed in). */
export function useMyCrew(enabled: boolean) {
  return useQuery({ ...myCrewQueryOptions(), enabled });
}
