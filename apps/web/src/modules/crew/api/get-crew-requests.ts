import { queryOptions, useQuery } from '@tanstack/react-query';
import { type CrewRequest, type CrewRequests, crewRequestsResponseSchema } from '@tripcrew/contracts/crew';
import { api } from '../../../lib/api-client.ts';
import { crewKeys } from './crew-keys.ts';
import { loggedCrewCall } from './crew-errors.ts';

export type { CrewRequest, CrewRequests };
export const CREW_REQUESTS_PATH = '/users/crew/requests';

/** GET /users/crew/requests: incoming (they asked me) and outgoing (I asked them) requests. */
export async function getCrewRequests(signal?: AbortSignal): Promise<CrewRequests> {
  const data = await api.get<unknown>(CREW_REQUESTS_PATH, { signal });
  const parsed = crewRequestsResponseSchema.safeParse(data);
  if (!parsed.success) throw new Error('Unexpected crew requests data');
  return parsed.data;
}

export const crewRequestsQueryOptions = () =>
  queryOptions({
    queryKey: crewKeys.requests(),
    queryFn: ({ signal }) => loggedCrewCall('loading requests', () => getCrewRequests(signal)),
    retry: false,
  });

export function useCrewRequests() {
  return useQuery(crewRequestsQueryOptions());
}
