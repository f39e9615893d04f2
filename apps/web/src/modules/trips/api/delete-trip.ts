import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiWrite } from '../../../lib/api-write.ts';

import { tripKeys, tripPath } from './trip-keys.ts';

/** DELETE /core/trips/{id} (admin only); the answer `{ ok: true }` is checked by its contract. */
export async function deleteTrip(id: string): Promise<void> {
  await apiWrite(
    'DELETE',
    tripPath(id),
    undefined,
    import('@tripcrew/contracts/common').then((m) => m.okSchema),
  );
}

export function useDeleteTrip(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteTrip(id),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: tripKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: tripKeys.list() });
      void queryClient.invalidateQueries({ queryKey: tripKeys.upcoming() });
    },
  });
}
