import { t } from '@lingui/core/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createPackingItemBodySchema,
  type PackingItem,
  packingListSchema,
} from '@tripcrew/contracts/trip-packing';

import { apiOfflineWrite, apiWrite } from '../../../lib/api-write.ts';
import { randomId } from '../../../lib/random-id.ts';
import { QUEUED, type Queued, quoted, tripNameOf } from './trip-offline-writes.ts';
import { tripKeys, tripPath } from './trip-keys.ts';
import { parserOf, tripListQueryOptions } from './trip-lists.ts';

export type { PackingItem };

/**
 * The list's query key, under tripKeys.all so a live 'trip' frame refetches it. Kept here rather
 * than in trip-keys.ts: that file is in the first download, whose budget is full.
 */
export const packingKey = (tripId: string) => [...tripKeys.all, 'packing', tripId] as const;

export const packingPath = (tripId: string): string => `${tripPath(tripId)}/packing`;
const itemPath = (tripId: string, itemId: string): string =>
  `${packingPath(tripId)}/${encodeURIComponent(itemId)}`;

const parseList = parserOf(packingListSchema, 'packing list');

/** GET /core/trips/{id}/packing: the trip's shared packing list, oldest first. Live: a 'trip' frame (change 'packing') refetches it. */
export function usePackingList(tripId: string) {
  return useQuery(tripListQueryOptions(packingKey(tripId), packingPath(tripId), parseList));
}

export interface NewPackingItem {
  text: string;
  assignedTo: string | null;
  /** The assignee's name, for the item shown at once (before the server answers). */
  assigneeName?: string;
}

/** The contract's check before a write: the first problem's message, or null when it is fine. */
export function packingInputProblem(input: NewPackingItem): string | null {
  const parsed = createPackingItemBodySchema.safeParse(input);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? t`Check the item`);
}

export type PackingChange = { text?: string; assignedTo?: string | null; version?: number };

/**
 * Add, edit (text, assignee) and delete; each answer is the whole list. Adding shows the item at
 * once and, offline, waits in the offline queue (decision 016) with an id chosen here, so the
 * replay adds it exactly once; edits and deletes are sent directly.
 */
export function usePackingEdits(tripId: string) {
  const queryClient = useQueryClient();
  const key = packingKey(tripId);
  const store = (list: PackingItem[]) => queryClient.setQueryData(key, list);
  const add = useMutation({
    networkMode: 'always',
    mutationFn: async (item: NewPackingItem & { _id: string }): Promise<PackingItem[] | Queued> => {
      const text = item.text.trim();
      const result = await apiOfflineWrite({
        method: 'POST',
        path: packingPath(tripId),
        body: { _id: item._id, text, assignedTo: item.assignedTo },
        label: `add ${quoted(text)} to the packing list of ${tripNameOf(queryClient, tripId)}`,
      });
      return result.queued ? QUEUED : parseList(result.data);
    },
    onMutate: async (item) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<PackingItem[]>(key);
      const shown: PackingItem = {
        _id: item._id,
        text: item.text.trim(),
        assignedTo: item.assignedTo ? { _id: item.assignedTo, name: item.assigneeName ?? '' } : null,
        done: false,
        createdBy: null,
        createdAt: new Date().toISOString(),
        version: 1,
      };
      if (previous) queryClient.setQueryData(key, [...previous, shown]);
      return { previous };
    },
    onError: (_error, _item, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: (list) => {
      if (list !== QUEUED) store(list);
    },
  });
  const update = useMutation({
    mutationFn: async ({ itemId, change }: { itemId: string; change: PackingChange }) =>
      parseList(await apiWrite<unknown>('PATCH', itemPath(tripId, itemId), change)),
    onSuccess: store,
  });
  const remove = useMutation({
    mutationFn: (itemId: string) => apiWrite<unknown>('DELETE', itemPath(tripId, itemId)),
    onSuccess: (_data, itemId) => {
      queryClient.setQueryData<PackingItem[]>(key, (list) => list?.filter((item) => item._id !== itemId));
    },
  });
  return { add, update, remove };
}

const TICK_KEY = (tripId: string) => ['trips', 'packing-tick', tripId] as const;

/**
 * Ticks an item for everyone: optimistic, through the offline queue (decision 016) like the
 * checklist, so a tick made offline is kept and replayed; rolled back when the server refuses.
 */
export function useTickPackingItem(tripId: string) {
  const queryClient = useQueryClient();
  const key = packingKey(tripId);
  return useMutation({
    mutationKey: TICK_KEY(tripId),
    networkMode: 'always',
    mutationFn: async ({
      item,
      done,
    }: {
      item: PackingItem;
      done: boolean;
    }): Promise<PackingItem[] | Queued> => {
      const result = await apiOfflineWrite({
        method: 'PATCH',
        path: itemPath(tripId, item._id),
        body: { done },
        label: `${done ? 'tick' : 'untick'} ${quoted(item.text)} in ${tripNameOf(queryClient, tripId)}`,
      });
      if (result.queued) return QUEUED;
      return parseList(result.data);
    },
    onMutate: async ({ item, done }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<PackingItem[]>(key);
      if (previous)
        queryClient.setQueryData(
          key,
          previous.map((entry) => (entry._id === item._id ? { ...entry, done } : entry)),
        );
      return { previous };
    },
    onSuccess: (list) => {
      if (list === QUEUED) return;
      // The answer is the whole list, unless another tick is still on its way.
      if (queryClient.isMutating({ mutationKey: TICK_KEY(tripId) }) <= 1) queryClient.setQueryData(key, list);
      else void queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}

/** A new item's id, chosen before it is sent (a UUID). */
export const newPackingItemId = (): string => randomId();
