import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Planner, type PlannerItem, plannerItemSchema, plannerSchema } from '@tripcrew/contracts/trips';
import { api } from '../../../lib/api-client.ts';
import { type MoveTarget, moveInPlanner } from '../components/planner/planner-moves.ts';
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
  const parsed = plannerSchema.safeParse(await api.post<unknown>(`${itemPath(tripId, itemId)}/move`, target));
  return parsed.success ? parsed.data : null;
}

export interface NoteInput {
  date: string | null;
  text: string;
  time: string | null;
}

/** POST /core/trips/{id}/planner/notes {date, text, time}. */
export async function createPlannerNote(tripId: string, note: NoteInput): Promise<PlannerItem | null> {
  const data = await api.post<unknown>(`${plannerPath(tripId)}/notes`, note);
  const parsed = plannerItemSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}

/** PATCH /core/trips/{id}/planner/items/{itemId} {text?, time?}. */
export function updatePlannerItem(
  tripId: string,
  itemId: string,
  body: { text?: string; time?: string | null },
): Promise<unknown> {
  return api.patch<unknown>(itemPath(tripId, itemId), body);
}

/** DELETE /core/trips/{id}/planner/items/{itemId} (notes). */
export async function deletePlannerItem(tripId: string, itemId: string): Promise<void> {
  await api.delete<unknown>(itemPath(tripId, itemId));
}

/** Moves with an optimistic update of the cached planner and a rollback when the server refuses. */
export function useMovePlannerItem(tripId: string) {
  const queryClient = useQueryClient();
  const key = tripKeys.planner(tripId);
  return useMutation({
    mutationKey: ['trips', 'planner-move', tripId],
    mutationFn: ({ itemId, target }: { itemId: string; target: MoveTarget }) =>
      movePlannerItem(tripId, itemId, target),
    onMutate: async ({ itemId, target }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Planner>(key);
      if (previous) queryClient.setQueryData(key, moveInPlanner(previous, itemId, target));
      return { previous };
    },
    onSuccess: (planner) => {
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

export function usePlannerNotes(tripId: string) {
  const queryClient = useQueryClient();
  const invalidate = () => queryClient.invalidateQueries({ queryKey: tripKeys.planner(tripId) });
  const create = useMutation({
    mutationFn: (note: NoteInput) => createPlannerNote(tripId, note),
    onSettled: invalidate,
  });
  const update = useMutation({
    mutationFn: ({ itemId, body }: { itemId: string; body: { text?: string; time?: string | null } }) =>
      updatePlannerItem(tripId, itemId, body),
    onSettled: invalidate,
  });
  const remove = useMutation({
    mutationFn: (itemId: string) => deletePlannerItem(tripId, itemId),
    onSettled: invalidate,
  });
  return { create, update, remove };
}
