import { queryOptions, useQuery } from '@tanstack/react-query';
import { type OutboxResponse, outboxResponseSchema } from '@tripcrew/contracts/auth';
import { api } from '../../../lib/api-client.ts';

export const DEV_OUTBOX_PATH = '/dev/outbox';
/** The web page listing the dev outbox (only useful when the API offers GET /dev/outbox). */
export const DEV_OUTBOX_PAGE = '/dev/outbox';

export interface DevOutboxQuery {
  /** Only mails to this address. */
  to?: string;
  limit?: number;
}

/** GET /dev/outbox?to=&limit=: the recent mails of the dev outbox, newest first (404 in production). */
export async function getDevOutbox({ to, limit = 50 }: DevOutboxQuery = {}): Promise<OutboxResponse> {
  const address = to?.trim().toLowerCase();
  const data = await api.get<unknown>(DEV_OUTBOX_PATH, { query: { to: address || undefined, limit } });
  return outboxResponseSchema.parse(data);
}

export const devOutboxQueryOptions = (query: DevOutboxQuery = {}) =>
  queryOptions({
    queryKey: ['dev', 'outbox', query.to?.trim().toLowerCase() ?? '', query.limit ?? 50] as const,
    queryFn: () => getDevOutbox(query),
    retry: false,
    staleTime: 0,
  });

/** The outbox list; refreshed every few seconds while the page is open, so a new mail shows up by itself. */
export function useDevOutbox(query: DevOutboxQuery = {}) {
  return useQuery({
    ...devOutboxQueryOptions(query),
    // Stops polling once the API said no (404 in production).
    refetchInterval: (current) => (current.state.status === 'error' ? false : 5000),
  });
}

/** Whether the API offers the dev outbox (GET /dev/outbox answers 200): asked once per session. */
export function useDevOutboxAvailable(): boolean {
  const { isSuccess } = useQuery({
    queryKey: ['dev', 'outbox', 'available'] as const,
    queryFn: () => getDevOutbox({ limit: 1 }).then(() => true),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });
  return isSuccess;
}
