import { msg } from '@lingui/core/macro';
import type { TimelineEntry, TimelineItem, TimelineWarning } from '@tripcrew/contracts/day-timeline';
import { DAY_START_DEFAULT, dayTimeline, minutesOf, timeOfMinutes } from '@tripcrew/contracts/day-timeline';
import { openWindowsOn } from '@tripcrew/contracts/opening-hours';
import type { RouteDay } from '@tripcrew/contracts/trip-routes';
import type { Planner, PlannerItem } from '@tripcrew/contracts/trips';
import { i18n, type MessageDescriptor } from '../../../../lib/i18n/i18n.ts';
import { legsByTarget } from './day-route.tsx';

/** A stop's hours in this trip: a member's correction first, then the feature's own. */
export function stopHours(item: PlannerItem): string | null {
  return item.hours ?? (item.kind === 'feature' ? (item.feature?.facts?.hours ?? null) : null);
}

/** A planner item as the timeline counts it: a feature or a place is a stop, a note a note. */
function timelineItem(item: PlannerItem, travelS: number | undefined): TimelineItem {
  const feature = item.kind === 'feature' ? item.feature : null;
  return {
    id: item._id,
    kind: item.kind === 'note' ? 'note' : 'stop',
    fixedAt: item.time,
    visitMinutes: item.visitMinutes ?? feature?.facts?.durationMinutes ?? null,
    travelMinutes: travelS === undefined ? 0 : Math.round(travelS / 60),
    hours: stopHours(item),
    timeZone: feature?.timeZone ?? null,
  };
}

/**
 * Each planned item's place in its day (from the day's start, 09:00 unless set), by item id: arrival
 * after the leg before it, departure after its visit, and what is wrong with it.
 */
export function plannerTimelines(
  planner: Planner | undefined,
  routes: ReadonlyMap<string, RouteDay>,
): Map<string, TimelineEntry> {
  const byItem = new Map<string, TimelineEntry>();
  for (const day of planner?.days ?? []) {
    const legs = legsByTarget(day.items, routes.get(day.date));
    const items = day.items.map((item) => timelineItem(item, legs.get(item._id)?.durationS));
    for (const entry of dayTimeline(day.date, day.start ?? DAY_START_DEFAULT, items))
      byItem.set(entry.id, entry);
  }
  return byItem;
}

/** A warning in the reader's words: "Closed on this day", "Opens at 10:00, after you arrive". */
export function timelineWarningText(warning: TimelineWarning): string {
  switch (warning.kind) {
    case 'closed-day':
      return i18n._(msg`Closed on this day`);
    case 'before-opening': {
      const time = warning.opensAt;
      return i18n._(msg`Opens at ${time}, after you arrive`);
    }
    case 'after-closing':
      return i18n._(msg`Closed by the time you arrive`);
    case 'closes-during': {
      const time = warning.closesAt;
      return i18n._(msg`Closes at ${time}, before the visit ends`);
    }
    case 'runs-into': {
      const time = warning.fixedAt;
      return i18n._(msg`Runs into what is planned at ${time}`);
    }
    case 'past-midnight':
      return i18n._(msg`The day runs past midnight`);
  }
}

/** "… is closed on Tuesdays", by weekday (0 = Sunday): whole phrases, for every language's grammar. */
const CLOSED_ON_WEEKDAY: readonly MessageDescriptor[] = [
  msg`{name} is closed on Sundays`,
  msg`{name} is closed on Mondays`,
  msg`{name} is closed on Tuesdays`,
  msg`{name} is closed on Wednesdays`,
  msg`{name} is closed on Thursdays`,
  msg`{name} is closed on Fridays`,
  msg`{name} is closed on Saturdays`,
];

/**
 * Why no order of a day fits its hours, in words: "Museu Calouste Gulbenkian is closed on
 * Tuesdays", "Torre de Belém: Closed by the time you arrive". One line per warning left.
 */
export function unfitLines(
  unfit: ReadonlyArray<{ itemId: string; warning: TimelineWarning }>,
  date: string,
  items: readonly PlannerItem[],
): string[] {
  return unfit.map(({ itemId, warning }) => {
    const item = items.find((candidate) => candidate._id === itemId);
    const name = item?.feature?.title ?? item?.place?.name ?? item?.text ?? '';
    if (warning.kind === 'closed-day') {
      const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
      return i18n._(CLOSED_ON_WEEKDAY[weekday] as MessageDescriptor, { name });
    }
    return `${name}: ${timelineWarningText(warning)}`;
  });
}

/** Whether hours open at some time of the local day `date` (they are local time: no zone needed). */
function opensOn(hours: string, date: string): boolean {
  return (openWindowsOn(hours, date)?.length ?? 0) > 0;
}

/** The first other day of the plan on which a feature stop is open at all; null when none is. */
export function openDayFor(planner: Planner, item: PlannerItem): string | null {
  const hours = stopHours(item);
  const zone = item.feature?.timeZone;
  if (!hours || !zone) return null;
  return planner.days.find((day) => day.date !== item.date && opensOn(hours, day.date))?.date ?? null;
}

/**
 * "Back at Casa Ana around 19:40": when a day ends at its lodging, the time the last stop's leg
 * reaches it; null without a lodging, a leg to it or times.
 */
export function backHomeAt(
  route: RouteDay | undefined,
  timelines: ReadonlyMap<string, TimelineEntry>,
): { name: string; at: string } | null {
  const end = route?.home.end;
  if (!route || !end || end.kind !== 'lodging') return null;
  const leg = route.legs.find((candidate) => candidate.toItemId === end.bookingId);
  const leave = leg ? minutesOf(timelines.get(leg.fromItemId)?.leave) : null;
  if (!leg || leave === null) return null;
  return { name: end.name, at: timeOfMinutes(leave + Math.round(leg.durationS / 60)) };
}
