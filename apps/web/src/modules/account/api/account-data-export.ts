import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiWrite } from '../../../lib/api-write.ts';
import {
  accountExportSchema,
  latestExportResponseSchema,
  type AccountExport,
} from '@tripcrew/contracts/account-export';
import { apiGet } from '../../../lib/api-client.ts';
import { downloadAuthorized } from '../../../lib/download-file.ts';

export type { AccountExport };

const EXPORTS_PATH = '/account/exports';
export const latestExportKey = ['account', 'exports', 'latest'] as const;

/** How often the section asks for the progress while an export is being prepared. */
export const EXPORT_POLL_MS = 1000;

/** Queued or running: the section shows the progress and keeps polling. */
export function isPreparing(value: AccountExport | null | undefined): boolean {
  return value?.status === 'queued' || value?.status === 'running';
}

/** GET /account/exports/latest, polled while an export is being prepared. */
export function useLatestExport() {
  return useQuery({
    queryKey: latestExportKey,
    queryFn: async () => (await apiGet(`${EXPORTS_PATH}/latest`, latestExportResponseSchema)).export,
    refetchInterval: (query) => (isPreparing(query.state.data) ? EXPORT_POLL_MS : false),
  });
}

/** POST /account/exports: the job appears at once and the polling starts. */
export function useStartExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['account', 'exports', 'start'],
    mutationFn: () => apiWrite('POST', EXPORTS_PATH, undefined, accountExportSchema),
    onSuccess: (started) => queryClient.setQueryData(latestExportKey, started),
  });
}

/**
 * GET /account/exports/{id}/download, saved by the browser. A status read goes first: the API
 * client refreshes an expired access token there, which this raw download (a ZIP, not JSON)
 * cannot do on its own.
 */
export async function downloadExport(id: string): Promise<void> {
  await apiGet(`${EXPORTS_PATH}/${id}`, accountExportSchema);
  await downloadAuthorized(`${EXPORTS_PATH}/${id}/download`, 'tripcrew-export.zip');
}

/** Downloads the archive, then reads the status again (now downloaded). */
export function useDownloadExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['account', 'exports', 'download'],
    mutationFn: downloadExport,
    onSettled: () => queryClient.invalidateQueries({ queryKey: latestExportKey }),
  });
}
