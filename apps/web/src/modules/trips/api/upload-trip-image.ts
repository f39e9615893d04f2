import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { tripKeys, tripPath } from './trip-keys.ts';

/** POST /core/trips/{id}/upload, multipart field `file` (admin only). */
export function uploadTripImage(id: string, file: File): Promise<unknown> {
  const form = new FormData();
  form.append('file', file);
  return api.upload<unknown>(`${tripPath(id)}/upload`, form);
}

export function useUploadTripImage(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadTripImage(id, file),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tripKeys.all }),
  });
}
