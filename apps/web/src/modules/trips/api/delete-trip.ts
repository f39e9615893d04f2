import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteAccepting204 } from './trip-delete.ts';
import { tripKeys, tripPath } from './trip-keys.ts';

/** DELETE /core/trips/{id} (admin only). */
export function deleteTrip(id: string): Promise<void> {
  return deleteAccepting204(tripPath(id));
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
