import { api } from '../../../lib/api-client.ts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { type Planner, type PlannerItem, plannerItemSchema, plannerSchema } from '@tripcrew/contracts/trips';

import { apiOfflineWrite, apiWrite } from '../../../lib/api-write.ts';
import { type MoveTarget, moveInPlanner } from '../components/planner/planner-moves.ts';
import {
  findPlannerItem,
  plannerItemName,
  QUEUED,
  type Queued,
  quoted,
  tripNameOf,
  withNewNote,
  withNoteChanged,
  withoutItem,
} from './trip-offline-writes.ts';
import { tripKeys, tripPath } from './trip-keys.ts';

export type { Planner, PlannerItem };

export const plannerPath = (tripId: string): string => `${tripPath(tripId)}/planner`;
const itemPath = (tripId: string, itemId: string): string =>
  `${plannerPath(tripId)}/items/${encodeURIComponent(itemId)}`;

/** GET /core/trips/{id}/planner: the days with their ordered items, and the 'unscheduled' tray. */
export async function getPlanner(tripId: string, signal?: AbortSignal): Promise<Planner> {
  const data = await api.get<unknown>(plannerPath(tripId), { signal });
  const parsed = plannerSchema.safeParse(data);
  if (!parsed.success) throw new Error('Unexpected planner data');
  return parsed.data;
}

export const plannerQueryOptions = (tripId: string) =>
  queryOptions({ queryKey: tripKeys.planner(tripId), queryFn: ({ signal }) => getPlanner(tripId, signal) });

export function usePlanner(tripId: string) {
  return useQuery(plannerQueryOptions(tripId));
}

export type { MoveTarget };

/** POST /core/trips/{id}/planner/items/{itemId}/move {date, index}. */
export async function movePlannerItem(
  tripId: string,
  itemId: string,
  target: MoveTarget,
): Promise<Planner | null> {
  const parsed = plannerSchema.safeParse(
    await apiWrite<unknown>('POST', `${itemPath(tripId, itemId)}/move`, target),
  );
  return parsed.success ? parsed.data : null;
}

export interface NoteInput {
  /** Chosen here (a UUID), so edits queued offline can name the note before the server saw it. */
  _id?: string;
  date: string | null;
  text: string;
  time: string | null;
}

/** POST /core/trips/{id}/planner/notes {date, text, time}. */
export async function createPlannerNote(tripId: string, note: NoteInput): Promise<PlannerItem | null> {
  const data = await apiWrite<unknown>('POST', `${plannerPath(tripId)}/notes`, note);
  const parsed = plannerItemSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}

/** PATCH /core/trips/{id}/planner/items/{itemId} {text?, time?}. */
export function updatePlannerItem(
  tripId: string,
  itemId: string,
  body: { text?: string; time?: string | null },
): Promise<unknown> {
  return apiWrite<unknown>('PATCH', itemPath(tripId, itemId), body);
}

/** DELETE /core/trips/{id}/planner/items/{itemId} (notes). */
export async function deletePlannerItem(tripId: string, itemId: string): Promise<void> {
  await apiWrite<unknown>('DELETE', itemPath(tripId, itemId));
}

/** Moves with an optimistic update of the cached planner and a rollback when the server refuses.
 * Offline, or without a network, the move is queued (decision 016) and the optimistic planner stays.
 * The screen follows every move at once, but a trip's moves reach the server one after another (one
 * mutation scope): a move made while the last is still on its way is sent once that one is answered,
 * so the server applies them in the order they were made (an index means nothing in another order). */
export function useMovePlannerItem(tripId: string) {
  const queryClient = useQueryClient();
  const key = tripKeys.planner(tripId);
  return useMutation({
    mutationKey: ['trips', 'planner-move', tripId],
    scope: { id: `planner-moves:${tripId}` },
    networkMode: 'always',
    mutationFn: async ({
      itemId,
      target,
    }: {
      itemId: string;
      target: MoveTarget;
    }): Promise<Planner | null | Queued> => {
      const item = findPlannerItem(queryClient.getQueryData<Planner>(key), itemId);
      const result = await apiOfflineWrite({
        method: 'POST',
        path: `${itemPath(tripId, itemId)}/move`,
        body: target,
        label: `move ${plannerItemName(item)} in ${tripNameOf(queryClient, tripId)}`,
      });
      if (result.queued) return QUEUED;
      const parsed = plannerSchema.safeParse(result.data);
      return parsed.success ? parsed.data : null;
    },
    onMutate: async ({ itemId, target }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Planner>(key);
      if (previous) queryClient.setQueryData(key, moveInPlanner(previous, itemId, target));
      return { previous };
    },
    onSuccess: (planner) => {
      if (planner === QUEUED) return;
      // The answer is the whole planner after the move: no refetch needed, unless another move
      // is still on its way (this one counts itself while its callbacks run).
      if (planner && queryClient.isMutating({ mutationKey: ['trips', 'planner-move', tripId] }) <= 1)
        queryClient.setQueryData(key, planner);
      else void queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}

type NoteBody = {
  text?: string;
  time?: string | null;
  visitMinutes?: number | null;
  hours?: string | null;
  version?: number;
};

/** Notes: added, edited and deleted at once in the cached planner; queued offline (decision 016). */
export function usePlannerNotes(tripId: string) {
  const queryClient = useQueryClient();
  const key = tripKeys.planner(tripId);
  const trip = () => tripNameOf(queryClient, tripId);
  const cached = () => queryClient.getQueryData<Planner>(key);
  const removedNames = useRef(new Map<string, string>());
  const optimistic = async (change: (planner: Planner) => Planner) => {
    await queryClient.cancelQueries({ queryKey: key });
    const previous = cached();
    if (previous) queryClient.setQueryData(key, change(previous));
    return { previous };
  };
  const rollback = (_error: unknown, _variables: unknown, context: { previous?: Planner } | undefined) => {
    if (context?.previous) queryClient.setQueryData(key, context.previous);
  };
  const settle = (data: unknown) => {
    if (data !== QUEUED) void queryClient.invalidateQueries({ queryKey: key });
  };
  const create = useMutation({
    networkMode: 'always',
    mutationFn: async (note: NoteInput & { _id: string }) => {
      const result = await apiOfflineWrite({
        method: 'POST',
        path: `${plannerPath(tripId)}/notes`,
        body: note,
        label: `add the note ${quoted(note.text)} in ${trip()}`,
      });
      return result.queued ? QUEUED : result.data;
    },
    onMutate: (note) => optimistic((planner) => withNewNote(planner, note)),
    onError: rollback,
    onSettled: settle,
  });
  const update = useMutation({
    networkMode: 'always',
    mutationFn: async ({ itemId, body }: { itemId: string; body: NoteBody }) => {
      const result = await apiOfflineWrite({
        method: 'PATCH',
        path: itemPath(tripId, itemId),
        body,
        label: `edit ${findPlannerItem(cached(), itemId)?.kind === 'note' ? 'the note' : 'the times of'} ${plannerItemName(findPlannerItem(cached(), itemId))} in ${trip()}`,
      });
      return result.queued ? QUEUED : result.data;
    },
    onMutate: ({ itemId, body }) => optimistic((planner) => withNoteChanged(planner, itemId, body)),
    onError: rollback,
    onSettled: settle,
  });
  const remove = useMutation({
    networkMode: 'always',
    mutationFn: async (itemId: string) => {
      const result = await apiOfflineWrite({
        method: 'DELETE',
        path: itemPath(tripId, itemId),
        label: `delete the note ${removedNames.current.get(itemId) ?? plannerItemName(undefined)} in ${trip()}`,
      });
      return result.queued ? QUEUED : result.data;
    },
    onMutate: (itemId) => {
      // Named before it leaves the cache: the write is labelled after onMutate ran.
      removedNames.current.set(itemId, plannerItemName(findPlannerItem(cached(), itemId)));
      return optimistic((planner) => withoutItem(planner, itemId));
    },
    onError: rollback,
    onSettled: settle,
  });
  return { create, update, remove };
}

/**
 * PATCH …/planner/days/{date}/start: when a day starts (its timeline counts from it). The answer
 * is the planner; a refusal (another member's change came first: 409) reads the planner again.
 */
export function useSetDayStart(tripId: string) {
  const queryClient = useQueryClient();
  const key = tripKeys.planner(tripId);
  return useMutation({
    mutationFn: ({ date, start, version }: { date: string; start: string; version: number }) =>
      apiWrite('PATCH', `${plannerPath(tripId)}/days/${date}/start`, { start, version }, plannerSchema),
    onSuccess: (planner) => queryClient.setQueryData(key, planner),
    onError: () => void queryClient.invalidateQueries({ queryKey: key }),
  });
}
