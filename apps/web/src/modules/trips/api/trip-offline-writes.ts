import type { QueryClient } from '@tanstack/react-query';
import type { Planner, PlannerItem, Trip } from '@tripcrew/contracts/trips';
import { listOf, locateItem } from '../components/planner/planner-moves.ts';
import { tripKeys } from './trip-keys.ts';

/**
 * Helpers of the trips module's writes that go through the offline queue (decision 016): the
 * words that name a write in a notice, and the optimistic planner edits of notes.
 */

/** The answer of a write that was queued: the optimistic cache stays as it is. */
export const QUEUED = 'queued' as const;
export type Queued = typeof QUEUED;

export const quoted = (text: string): string => `“${text.length > 40 ? `${text.slice(0, 39)}…` : text}”`;

export function tripNameOf(queryClient: QueryClient, tripId: string): string {
  return queryClient.getQueryData<Trip>(tripKeys.detail(tripId))?.tripName ?? 'your trip';
}

export function findPlannerItem(planner: Planner | undefined, itemId: string): PlannerItem | undefined {
  if (!planner) return undefined;
  const at = locateItem(planner, itemId);
  return at ? listOf(planner, at.date)[at.index] : undefined;
}

export function plannerItemName(item: PlannerItem | undefined): string {
  if (!item) return 'an item';
  if (item.kind === 'place') return quoted(item.place?.name ?? 'place');
  return quoted(item.kind === 'feature' ? (item.feature?.title ?? 'feature') : (item.text ?? 'note'));
}

const mapLists = (planner: Planner, change: (items: PlannerItem[]) => PlannerItem[]): Planner => ({
  days: planner.days.map((day) => ({ ...day, items: change(day.items) })),
  tray: change(planner.tray),
});

/** The planner with a note added at the end of its day (or the tray), before the server knows it. */
export function withNewNote(
  planner: Planner,
  note: { _id: string; date: string | null; text: string; time: string | null },
): Planner {
  const item: PlannerItem = {
    ...note,
    kind: 'note',
    feature: null,
    place: null,
    position: listOf(planner, note.date).length,
    version: 1,
  };
  if (note.date === null) return { ...planner, tray: [...planner.tray, item] };
  return {
    ...planner,
    days: planner.days.map((day) => (day.date === note.date ? { ...day, items: [...day.items, item] } : day)),
  };
}

export function withNoteChanged(
  planner: Planner,
  itemId: string,
  body: { text?: string; time?: string | null; visitMinutes?: number | null; hours?: string | null },
): Planner {
  const fields = {
    ...(body.text !== undefined ? { text: body.text } : {}),
    ...(body.time !== undefined ? { time: body.time } : {}),
    ...(body.visitMinutes !== undefined ? { visitMinutes: body.visitMinutes } : {}),
    ...(body.hours !== undefined ? { hours: body.hours } : {}),
  };
  return mapLists(planner, (items) =>
    items.map((item) => (item._id === itemId ? { ...item, ...fields } : item)),
  );
}

export function withoutItem(planner: Planner, itemId: string): Planner {
  return mapLists(planner, (items) =>
    items.filter((item) => item._id !== itemId).map((item, position) => ({ ...item, position })),
  );
}
