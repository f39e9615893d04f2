import type { CrewUser } from '@tripcrew/contracts/crew';
import { crewKeys } from './crew-keys.ts';
import { crewWrite } from './crew-errors.ts';
import { MY_CREW_PATH } from './get-my-crew.ts';
import { useCrewChange } from './send-crew-request.ts';

export const crewMemberPath = (userId: string): string => `${MY_CREW_PATH}/${encodeURIComponent(userId)}`;

/** DELETE /users/crew/my-crew/{userId}: removes a member from my crew. */
export function useRemoveCrewMember() {
  return useCrewChange(
    (userId: string) => crewWrite('DELETE', crewMemberPath(userId)),
    (queryClient, _data, userId) =>
      queryClient.setQueryData<CrewUser[]>(crewKeys.myCrew(), (crew) =>
        crew?.filter((member) => member._id !== userId),
      ),
    'removing a crew member',
  );
}
