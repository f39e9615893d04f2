import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import type { HistoryEntry, HistoryKind, HistoryPage } from '@tripcrew/contracts/trip-history';
import { api } from '../../../lib/api-client.ts';
import { apiWrite } from '../../../lib/api-write.ts';
import { parseWithLoadedSchema } from '../../../lib/lazy-schema.ts';
import { tripKeys, tripPath } from './trip-keys.ts';

export type { HistoryEntry, HistoryKind, HistoryPage };

/**
 * The trip's history (decision 035): who changed what, when, newest first, a page at a time, and
 * the undo of an entry. The contract loads beside the request (never in the trip page's first
 * chunks). Readable offline like the rest of the trip: the last pages seen stay.
 */

/** What the history is narrowed to: one person, one kind of record (none: everything). */
export interface HistoryFilters {
  person?: string;
  kind?: HistoryKind;
}

/** Entries per page ("Show older" asks for the next). */
export const HISTORY_PAGE_SIZE = 30;

/**
 * Under tripKeys.all, so the live 'trip' frame of every change refetches it. Kept here rather than
 * in trip-keys.ts: that file is in the first download, whose budget is full.
 */
export const tripHistoryKey = (tripId: string, filters: HistoryFilters = {}) =>
  [
    ...tripKeys.all,
    'history',
    tripId,
    { person: filters.person ?? null, kind: filters.kind ?? null },
  ] as const;

/** Every history query of a trip, whatever its filters. */
export const tripHistoryKeys = (tripId: string) => [...tripKeys.all, 'history', tripId] as const;

export const historyPath = (tripId: string): string => `${tripPath(tripId)}/history`;
const undoPath = (tripId: string, entryId: string): string =>
  `${historyPath(tripId)}/${encodeURIComponent(entryId)}/undo`;

const contract = () => import('@tripcrew/contracts/trip-history');

/** GET /core/trips/{id}/history?person&kind&before&limit: one page, newest first. */
export function getHistoryPage(
  tripId: string,
  filters: HistoryFilters,
  before: string | null,
  signal?: AbortSignal,
): Promise<HistoryPage> {
  const query: Record<string, string | number> = { limit: HISTORY_PAGE_SIZE };
  if (filters.person) query.person = filters.person;
  if (filters.kind) query.kind = filters.kind;
  if (before) query.before = before;
  return parseWithLoadedSchema(
    api.get<unknown>(historyPath(tripId), { query, signal }),
    contract().then((module) => module.historyPageSchema),
    'Unexpected history data',
  );
}

export const tripHistoryQueryOptions = (tripId: string, filters: HistoryFilters = {}) =>
  infiniteQueryOptions({
    queryKey: tripHistoryKey(tripId, filters),
    queryFn: ({ pageParam, signal }) => getHistoryPage(tripId, filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last: HistoryPage) => last.next ?? undefined,
  });

export function useTripHistory(tripId: string, filters: HistoryFilters = {}) {
  // Another filter keeps the list shown until its answer comes.
  return useInfiniteQuery({ ...tripHistoryQueryOptions(tripId, filters), placeholderData: keepPreviousData });
}

/** POST /core/trips/{id}/history/{entryId}/undo: the new entry (409 when it changed since, 403). */
export function undoHistoryEntry(tripId: string, entryId: string): Promise<HistoryEntry> {
  return apiWrite(
    'POST',
    undoPath(tripId, entryId),
    undefined,
    contract().then((module) => module.historyEntrySchema),
  );
}

/** Undoes an entry; on success every query of the trip is asked again (the plan, the list, this). */
export function useUndoHistoryEntry(tripId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entryId: string) => undoHistoryEntry(tripId, entryId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tripKeys.all }),
  });
}
