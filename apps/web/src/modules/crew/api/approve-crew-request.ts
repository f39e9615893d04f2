import type { CrewRequests, CrewUser } from '@tripcrew/contracts/crew';
import { crewKeys } from './crew-keys.ts';
import { crewWrite } from './crew-errors.ts';
import { useCrewChange } from './send-crew-request.ts';

export const approveRequestPath = (id: string): string =>
  `/users/crew/approve-request/${encodeURIComponent(id)}`;

/** POST /users/crew/approve-request/{id}: the person joins my crew. */
export function approveCrewRequest(id: string): Promise<void> {
  return crewWrite('POST', approveRequestPath(id));
}

/** Accepts an incoming request: it leaves the incoming list and the person shows in the crew. */
export function useApproveCrewRequest() {
  return useCrewChange(
    (request: { _id: string; user: CrewUser }) => approveCrewRequest(request._id),
    (queryClient, _data, request) => {
      queryClient.setQueryData<CrewRequests>(crewKeys.requests(), (current) =>
        current
          ? { ...current, incoming: current.incoming.filter((entry) => entry._id !== request._id) }
          : current,
      );
      queryClient.setQueryData<CrewUser[]>(crewKeys.myCrew(), (crew) =>
        crew && !crew.some((member) => member._id === request.user._id) ? [...crew, request.user] : crew,
      );
    },
    'accepting a request',
  );
}
