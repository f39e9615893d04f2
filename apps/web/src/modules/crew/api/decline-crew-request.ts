import type { CrewRequests } from '@tripcrew/contracts/crew';
import { crewKeys } from './crew-keys.ts';
import { crewWrite } from './crew-errors.ts';
import { useCrewChange } from './send-crew-request.ts';

export const declineRequestPath = (id: string): string =>
  `/users/crew/decline-request/${encodeURIComponent(id)}`;

/** POST /users/crew/decline-request/{id}: declines an incoming request or withdraws an outgoing one. */
export function declineCrewRequest(id: string): Promise<void> {
  return crewWrite('POST', declineRequestPath(id));
}

/** Declines a request; it leaves the incoming or outgoing list. */
export function useDeclineCrewRequest() {
  return useCrewChange(
    declineCrewRequest,
    (queryClient, _data, id) =>
      queryClient.setQueryData<CrewRequests>(crewKeys.requests(), (current) =>
        current
          ? {
              incoming: current.incoming.filter((entry) => entry._id !== id),
              outgoing: current.outgoing.filter((entry) => entry._id !== id),
            }
          : current,
      ),
    'declining a request',
  );
}
