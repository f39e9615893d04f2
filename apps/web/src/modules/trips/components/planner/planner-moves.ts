import type { Planner, PlannerItem } from '@tripcrew/contracts/trips';

export interface MoveTarget {
  date: string | null;
  index: number;
}

/** Where an item is: its day (null = tray) and index, or undefined when unknown. */
export function locateItem(planner: Planner, itemId: string): MoveTarget | undefined {
  const inTray = planner.tray.findIndex((item) => item._id === itemId);
  if (inTray !== -1) return { date: null, index: inTray };
  for (const day of planner.days) {
    const index = day.items.findIndex((item) => item._id === itemId);
    if (index !== -1) return { date: day.date, index };
  }
  return undefined;
}

export function listOf(planner: Planner, date: string | null): PlannerItem[] {
  if (date === null) return planner.tray;
  return planner.days.find((day) => day.date === date)?.items ?? [];
}

const renumber = (items: PlannerItem[], date: string | null): PlannerItem[] =>
  items.map((item, position) => ({ ...item, date, position }));

/**
 * The planner after moving `itemId` to `target` (the server's move semantics: the index is taken
 * in the target list without the item; larger than the list = last). Pure; unknown ids or days
 * leave the planner unchanged.
 */
export function moveInPlanner(planner: Planner, itemId: string, target: MoveTarget): Planner {
  const from = locateItem(planner, itemId);
  if (!from) return planner;
  if (target.date !== null && !planner.days.some((day) => day.date === target.date)) return planner;
  const item = listOf(planner, from.date)[from.index]!;
  const without = (items: PlannerItem[]) => items.filter((entry) => entry._id !== itemId);
  const insert = (items: PlannerItem[]) => {
    const next = without(items);
    const index = Math.max(0, Math.min(target.index, next.length));
    next.splice(index, 0, item);
    return next;
  };
  const update = (items: PlannerItem[], date: string | null) => {
    if (date === target.date) return renumber(insert(items), date);
    if (date === from.date) return renumber(without(items), date);
    return items;
  };
  return {
    days: planner.days.map((day) => ({ ...day, items: update(day.items, day.date) })),
    tray: update(planner.tray, null),
  };
}

export type KeyboardMove = 'up' | 'down' | 'previous-day' | 'next-day' | 'tray' | 'first-day';

/**
 * The target of a keyboard move from the move menu (PLANNER-07): up/down within the list,
 * previous/next day (appended at the end), to the tray, or from the tray to the first day.
 * undefined when the move is not possible from where the item is.
 */
export function keyboardTarget(planner: Planner, itemId: string, move: KeyboardMove): MoveTarget | undefined {
  const from = locateItem(planner, itemId);
  if (!from) return undefined;
  const length = listOf(planner, from.date).length;
  const dayIndex = from.date === null ? -1 : planner.days.findIndex((day) => day.date === from.date);
  const endOf = (date: string) => listOf(planner, date).length;
  switch (move) {
    case 'up':
      return from.index > 0 ? { date: from.date, index: from.index - 1 } : undefined;
    case 'down':
      return from.index < length - 1 ? { date: from.date, index: from.index + 1 } : undefined;
    case 'previous-day': {
      const day = dayIndex > 0 ? planner.days[dayIndex - 1] : undefined;
      return day ? { date: day.date, index: endOf(day.date) } : undefined;
    }
    case 'next-day': {
      const day = dayIndex !== -1 ? planner.days[dayIndex + 1] : undefined;
      return day ? { date: day.date, index: endOf(day.date) } : undefined;
    }
    case 'first-day': {
      const day = planner.days[0];
      return from.date === null && day ? { date: day.date, index: endOf(day.date) } : undefined;
    }
    case 'tray':
      return from.date !== null ? { date: null, index: planner.tray.length } : undefined;
  }
}
