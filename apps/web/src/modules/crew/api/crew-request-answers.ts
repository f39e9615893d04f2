import type { QueryClient } from '@tanstack/react-query';
import type { CrewRequests, CrewUser } from '@tripcrew/contracts/crew';
import { crewKeys } from './crew-keys.ts';
import { crewWrite } from './crew-errors.ts';
import { useCrewChange } from './send-crew-request.ts';

/** POST /users/crew/approve-request/{id} or /users/crew/decline-request/{id}. */
export const answerRequestPath = (answer: 'approve' | 'decline', id: string): string =>
  `/users/crew/${answer}-request/${encodeURIComponent(id)}`;

/** Takes a request out of the cached lists (an id stands in one list only: incoming or outgoing). */
function dropCachedRequest(queryClient: QueryClient, id: string): void {
  queryClient.setQueryData<CrewRequests>(crewKeys.requests(), (current) =>
    current
      ? {
          incoming: current.incoming.filter((entry) => entry._id !== id),
          outgoing: current.outgoing.filter((entry) => entry._id !== id),
        }
      : current,
  );
}

/** Accepts an incoming request: it leaves the incoming list and the person shows in the crew. */
export function useApproveCrewRequest() {
  return useCrewChange(
    (request: { _id: string; user: CrewUser }) =>
      crewWrite('POST', answerRequestPath('approve', request._id)),
    (queryClient, _data, request) => {
      dropCachedRequest(queryClient, request._id);
      queryClient.setQueryData<CrewUser[]>(crewKeys.myCrew(), (crew) =>
        crew && !crew.some((member) => member._id === request.user._id) ? [...crew, request.user] : crew,
      );
    },
    'accepting a request',
  );
}

/** Declines an incoming request or withdraws an outgoing one; it leaves its list. */
export function useDeclineCrewRequest() {
  return useCrewChange(
    (id: string) => crewWrite('POST', answerRequestPath('decline', id)),
    (queryClient, _data, id) => dropCachedRequest(queryClient, id),
    'declining a request',
  );
}
