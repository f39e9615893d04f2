import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiWrite } from '../../../lib/api-write.ts';
import type { Trip } from '@tripcrew/contracts/trips';

import { tripKeys, tripPath } from './trip-keys.ts';

/** POST /core/trips/{id}/upload, multipart field `file` (admin only): the updated trip. */
export function uploadTripImage(id: string, file: File): Promise<Trip> {
  const form = new FormData();
  form.append('file', file);
  return apiWrite(
    'POST',
    `${tripPath(id)}/upload`,
    form,
    import('@tripcrew/contracts/trips').then((m) => m.tripSchema),
  );
}

export function useUploadTripImage(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadTripImage(id, file),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tripKeys.all }),
  });
}
