/**
 * A planned day's timeline: from the day's start, each stop's arrival (after the leg before it)
 * and departure (after its visit); items with a time of their own (a timed note, a stop given a
 * time) are fixed points. Each stop is checked against its opening hours in its own zone: closed
 * that day, arriving before it opens or after it closes, closing before the visit ends; and the
 * day against fixed points it runs into and midnight. Pure: the planner and the calendar export
 * compute the same day.
 */
import { openWindowsOn } from './opening-hours.ts';

/** When a day starts unless it says otherwise. */
export const DAY_START_DEFAULT = '09:00';
/** A stop's visit when nobody knows how long it takes. */
export const VISIT_MINUTES_DEFAULT = 60;

const DAY_MINUTES = 24 * 60;

/** One item of a day, in the plan's order. */
export interface TimelineItem {
  id: string;
  /** A stop takes time (a feature, a place); a note only when it has a time of its own. */
  kind: 'stop' | 'note';
  /** 'HH:MM': the item's own time, a fixed point of the day; null: it follows the one before. */
  fixedAt: string | null;
  /** A stop's visit in minutes (VISIT_MINUTES_DEFAULT when null). */
  visitMinutes: number | null;
  /** Travel from the stop before, in minutes (0 for the first, or without a leg). */
  travelMinutes: number;
  /** Its opening hours (OpenStreetMap syntax) and the IANA zone they are in, when known. */
  hours: string | null;
  timeZone: string | null;
  /** The place's country (ISO 3166-1 alpha-2), for its public holidays; unknown: none are. */
  countryCode?: string | undefined;
}

/** Something wrong with a stop's time, said in words by the reader's app. */
export type TimelineWarning =
  | { kind: 'closed-day' }
  | { kind: 'before-opening'; opensAt: string }
  | { kind: 'after-closing' }
  | { kind: 'closes-during'; closesAt: string }
  | { kind: 'runs-into'; fixedAt: string; itemId: string }
  | { kind: 'past-midnight' };

/** An item's place in the day: 'HH:MM' arrival and departure (a timed note has both equal). */
export interface TimelineEntry {
  id: string;
  arrive: string;
  leave: string;
  warnings: TimelineWarning[];
}

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Minutes since midnight of 'HH:MM' (null when it is none). */
export function minutesOf(time: string | null | undefined): number | null {
  const match = time ? TIME.exec(time) : null;
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/** 'HH:MM' of minutes since midnight (past midnight wraps to the next day's clock). */
export function timeOfMinutes(minutes: number): string {
  const wrapped = ((Math.round(minutes) % DAY_MINUTES) + DAY_MINUTES) % DAY_MINUTES;
  return `${String(Math.floor(wrapped / 60)).padStart(2, '0')}:${String(wrapped % 60).padStart(2, '0')}`;
}

/**
 * The opening-hours warnings of a visit from `arrive` to `leave` (minutes) on `date`, from the
 * stop's open stretches of that local date (its hours are local time: the zone only has to be
 * known, for the stop to be placed in it at all).
 */
function hoursWarnings(item: TimelineItem, date: string, arrive: number, leave: number): TimelineWarning[] {
  if (!item.hours || !item.timeZone || arrive >= DAY_MINUTES) return [];
  const windows = openWindowsOn(item.hours, date, item.countryCode);
  if (windows === null) return [];
  if (windows.length === 0) return [{ kind: 'closed-day' }];
  const open = windows.find((w) => w.from <= arrive && arrive < w.to);
  if (!open) {
    const next = windows.find((w) => w.from > arrive);
    return next
      ? [{ kind: 'before-opening', opensAt: timeOfMinutes(next.from) }]
      : [{ kind: 'after-closing' }];
  }
  if (open.unknown || open.to >= DAY_MINUTES || open.to >= leave) return [];
  return [{ kind: 'closes-during', closesAt: timeOfMinutes(open.to) }];
}

/**
 * The timeline of the day `date` that starts at `start` ('HH:MM'): an entry for each stop and
 * each timed note, in order; untimed notes take no time and get none.
 */
export function dayTimeline(date: string, start: string, items: readonly TimelineItem[]): TimelineEntry[] {
  let cursor = minutesOf(start) ?? minutesOf(DAY_START_DEFAULT)!;
  let lastId: string | null = null;
  const entries: TimelineEntry[] = [];
  for (const item of items) {
    const fixed = minutesOf(item.fixedAt);
    if (item.kind === 'note' && fixed === null) continue;
    const warnings: TimelineWarning[] = [];
    let arrive = cursor + (item.kind === 'stop' ? item.travelMinutes : 0);
    if (fixed !== null) {
      // A fixed point: the day is there at its time; the stop before that runs into it says so.
      if (arrive > fixed && lastId !== null && item.fixedAt)
        entries.at(-1)?.warnings.push({ kind: 'runs-into', fixedAt: item.fixedAt, itemId: item.id });
      arrive = fixed;
    }
    const leave = arrive + (item.kind === 'stop' ? (item.visitMinutes ?? VISIT_MINUTES_DEFAULT) : 0);
    if (item.kind === 'stop') warnings.push(...hoursWarnings(item, date, arrive, leave));
    if (leave > DAY_MINUTES) warnings.push({ kind: 'past-midnight' });
    entries.push({ id: item.id, arrive: timeOfMinutes(arrive), leave: timeOfMinutes(leave), warnings });
    // A day that runs late stays late: a fixed point earlier than now does not turn the clock back.
    cursor = Math.max(cursor, leave);
    lastId = item.id;
  }
  return entries;
}
