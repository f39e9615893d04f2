import { queryOptions, useQuery } from '@tanstack/react-query';
import { type CrewUser, myCrewResponseSchema } from '@tripcrew/contracts/crew';
import { cachedGet } from '../../../lib/api-client.ts';
import { crewKeys } from './crew-keys.ts';
import { loggedCrewCall } from './crew-errors.ts';

export const MY_CREW_PATH = '/users/crew/my-crew';

/** GET /users/crew/my-crew through the cached GET (SPEC §7). */
export async function getMyCrew(): Promise<CrewUser[]> {
  const data = await cachedGet<unknown>(MY_CREW_PATH);
  const parsed = myCrewResponseSchema.safeParse(data);
  if (!parsed.success) throw new Error('Unexpected crew data');
  return parsed.data;
}

export const myCrewQueryOptions = () =>
  queryOptions({
    queryKey: crewKeys.myCrew(),
    // SPEC §8: a failure is logged only.
    queryFn: () => loggedCrewCall('loading the crew', getMyCrew),
    retry: false,
  });

/** The signed-in user's crew; only runs when `enabled` (signed in). */
export function useMyCrew(enabled: boolean) {
  return useQuery({ ...myCrewQueryOptions(), enabled });
}
