import {
  type QueryClient,
  type QueryKey,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { useRef } from 'react';
import { api, type ResponseSchema } from '../../../lib/api-client.ts';
import { apiOfflineWrite, apiWrite } from '../../../lib/api-write.ts';
import { QUEUED, type Queued, tripNameOf } from './trip-offline-writes.ts';
import { tripKeys, tripPath } from './trip-keys.ts';

/** What a trip's lists (its bookings, places, packing list) share: reading, fetching, optimistic writes. */

/** Reads an answer with its contract; `Unexpected ${what} data` when it does not fit. */
export const parserOf =
  <T>(schema: ResponseSchema<T>, what: string) =>
  (data: unknown): T => {
    const parsed = schema.safeParse(data);
    if (!parsed.success) throw new Error(`Unexpected ${what} data`);
    return parsed.data;
  };

/** A trip's list as a query: GET `path`, read by `parse`, under `key` (under tripKeys.all, so a live 'trip' frame refetches it). */
export const tripListQueryOptions = <T>(key: QueryKey, path: string, parse: (data: unknown) => T) =>
  queryOptions({
    queryKey: key,
    queryFn: async ({ signal }) => parse(await api.get<unknown>(path, { signal })),
  });

/**
 * The optimistic part of an add (a mutation's onMutate and onError): the list shows the new entry
 * at once, and is put back as it was when the add fails.
 */
export function shownAtOnce<B, T>(
  queryClient: QueryClient,
  key: QueryKey,
  withShown: (list: T[], body: B) => T[] | undefined,
) {
  return {
    onMutate: async (body: B) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<T[]>(key);
      if (previous) queryClient.setQueryData(key, withShown(previous, body));
      return { previous };
    },
    onError: (_error: unknown, _body: B, context: { previous: T[] | undefined } | undefined) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
  };
}

/**
 * A list of a trip whose entries are written one at a time (its bookings, its places): its query
 * key (under tripKeys.all, so a live 'trip' frame with the change `name` refetches it; kept out of
 * trip-keys.ts, which is in the first download), its path and an entry's, and its reading.
 */
export function tripEntryList<T>(
  name: string,
  schemas: { list: ResponseSchema<T[]>; entry: ResponseSchema<T> },
  what: string,
) {
  const key = (tripId: string) => [...tripKeys.all, name, tripId] as const;
  const path = (tripId: string): string => `${tripPath(tripId)}/${name}`;
  const parseList = parserOf(schemas.list, `${what}s`);
  return {
    key,
    path,
    entryPath: (tripId: string, id: string): string => `${path(tripId)}/${encodeURIComponent(id)}`,
    parseEntry: parserOf(schemas.entry, what),
    queryOptions: (tripId: string) => tripListQueryOptions(key(tripId), path(tripId), parseList),
  };
}

type TripEntryList<T> = ReturnType<typeof tripEntryList<T>>;

/** A change of the entry `id`: the fields changed and the version it starts from. */
type EntryChange<U> = { id: string; change: U };

interface TripEntryEdits<T, N, U> {
  list: TripEntryList<T>;
  /** The entry as shown at once, before the server answers (or while the add waits offline). */
  shown: (body: N) => T;
  /** The entry with a change in, as shown at once (or while the change waits offline). */
  edited: (entry: T, change: U) => T;
  /** The list with `entry` in, replacing the one of its id. */
  withEntry: (list: T[] | undefined, entry: T) => T[] | undefined;
  /** How the offline queue's notices name the add ('add “Casa Ana” to the places of Lisbon'). */
  label: (body: N, tripName: string) => string;
  /** How they name a change of `entry`, as it was before it ('edit “Casa Ana” in the places of Lisbon'). */
  changeLabel: (entry: T | undefined, tripName: string) => string;
  /** After each change the server took (what else shows the entries is read again). */
  onChanged?: () => void;
}

/**
 * Add, change and remove an entry of a trip's list. Adding and changing show the entry at once and,
 * offline, wait in the offline queue (decision 016): an add with an id chosen here, so the replay
 * adds it exactly once; a change with the version it starts from (decision 035), so its replay
 * after someone else changed the same field is a conflict the person settles, never an overwrite.
 * A change of an entry whose add still waits is queued behind it (the queue replays in order).
 * Removals are sent directly. Each answer is one entry: it replaces the one in the list.
 */
export function useTripEntryEdits<T extends { _id: string }, N extends { _id: string }, U>(
  tripId: string,
  { list, shown, edited, withEntry, label, changeLabel, onChanged }: TripEntryEdits<T, N, U>,
) {
  const queryClient = useQueryClient();
  const key = list.key(tripId);
  // A change's name for the queue's notices, taken in onMutate from the entry as it was before it
  // (mutationFn, which labels the write, runs once the list shows the change).
  const changeLabels = useRef(new Map<string, string>());
  const changed = (entry: T) => {
    queryClient.setQueryData<T[]>(key, (entries) => withEntry(entries, entry));
    onChanged?.();
  };
  const add = useMutation({
    networkMode: 'always',
    mutationFn: async (body: N): Promise<T | Queued> => {
      const result = await apiOfflineWrite({
        method: 'POST',
        path: list.path(tripId),
        body,
        label: label(body, tripNameOf(queryClient, tripId)),
      });
      return result.queued ? QUEUED : list.parseEntry(result.data);
    },
    ...shownAtOnce(queryClient, key, (entries: T[], body: N) => withEntry(entries, shown(body))),
    onSuccess: (entry) => {
      if (entry !== QUEUED) changed(entry);
    },
  });
  const changeShown = shownAtOnce(queryClient, key, (entries: T[], { id, change }: EntryChange<U>) => {
    const entry = entries.find((candidate) => candidate._id === id);
    return entry ? withEntry(entries, edited(entry, change)) : entries;
  });
  const update = useMutation({
    networkMode: 'always',
    mutationFn: async ({ id, change }: EntryChange<U>): Promise<T | Queued> => {
      const result = await apiOfflineWrite({
        method: 'PATCH',
        path: list.entryPath(tripId, id),
        body: change,
        label: changeLabels.current.get(id) ?? changeLabel(undefined, tripNameOf(queryClient, tripId)),
      });
      return result.queued ? QUEUED : list.parseEntry(result.data);
    },
    onMutate: (variables: EntryChange<U>) => {
      const before = queryClient.getQueryData<T[]>(key)?.find((entry) => entry._id === variables.id);
      changeLabels.current.set(variables.id, changeLabel(before, tripNameOf(queryClient, tripId)));
      return changeShown.onMutate(variables);
    },
    onError: changeShown.onError,
    onSuccess: (entry) => {
      if (entry !== QUEUED) changed(entry);
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => apiWrite<unknown>('DELETE', list.entryPath(tripId, id)),
    onSuccess: (_data, id) => {
      queryClient.setQueryData<T[]>(key, (entries) => entries?.filter((entry) => entry._id !== id));
      onChanged?.();
    },
  });
  /** After a refused change (a conflict): the list as the server has it now. */
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  return { add, update, remove, refresh };
}
