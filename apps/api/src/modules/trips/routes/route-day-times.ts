import {
  DAY_START_DEFAULT,
  dayTimeline,
  type TimelineEntry,
  type TimelineItem,
} from '@tripcrew/contracts/day-timeline';
import type { TransportMode } from '@tripcrew/contracts/trips';
import type { Db } from '../../../db/client.ts';
import { findPlaceRow } from '../../places/index.ts';
import { homeBasesOf, homeSources } from '../bookings/home-base.ts';
import { findTripBookings } from '../bookings/trip-bookings.repository.ts';
import type { PlannerItemWithFeature } from '../core/trip-views.ts';
import type { TripRow } from '../core/trips.table.ts';
import { findDayStarts } from '../planner/trip-planner.repository.ts';
import { legsOf, planDay } from './route-days.ts';
import { dayMode, estimateLeg, type LngLat } from './route-estimates.ts';

/** A planned item's place in its day, and the zone its times are in (null: not known). */
export interface PlannedTime {
  entry: TimelineEntry;
  timeZone: string | null;
}

function pointOf({ item, feature, place }: PlannerItemWithFeature): LngLat | null {
  if (item.kind === 'place' && place) return { lat: place.lat, lng: place.lng };
  return item.kind === 'feature' && feature && feature.lat !== null && feature.lng !== null
    ? { lat: feature.lat, lng: feature.lng }
    : null;
}

/**
 * Every planned item's arrival, departure and warnings, as the planner shows them: the day's
 * start, estimated legs from the day's home base, each stop's visit and hours (the trip's
 * correction first). For the calendar, which has no routing server to wait for.
 */
export async function plannedTimes(
  conn: Db,
  trip: TripRow,
  rows: readonly PlannerItemWithFeature[],
): Promise<Map<string, PlannedTime>> {
  const byDay = new Map<string, PlannerItemWithFeature[]>();
  for (const row of rows) {
    if (row.item.day === null) continue;
    byDay.set(row.item.day, [...(byDay.get(row.item.day) ?? []), row]);
  }
  const times = new Map<string, PlannedTime>();
  if (byDay.size === 0) return times;
  const placeType = (await findPlaceRow(conn, trip.placeId))?.type ?? null;
  const homes = homeSources(await findTripBookings(conn, trip.id));
  const starts = await findDayStarts(conn, trip.id);
  for (const [date, dayRows] of byDay) {
    dayRows.sort((a, b) => a.item.position - b.item.position);
    const plan = planDay(
      date,
      dayRows.map((row) => ({ id: row.item.id, point: pointOf(row), timed: row.item.time !== null })),
      trip,
      placeType,
      homeBasesOf(homes, date),
    );
    const [legs = []] = await legsOf([plan], undefined);
    const travelS = new Map(legs.map((leg) => [leg.toItemId, leg.durationS]));
    const zones = new Map<string, string | null>();
    const line = dayRows.map(({ item, feature }): TimelineItem => {
      zones.set(item.id, feature?.timeZone ?? null);
      return {
        id: item.id,
        kind: item.kind === 'note' ? 'note' : 'stop',
        fixedAt: item.time,
        visitMinutes: item.visitMinutes ?? feature?.facts?.durationMinutes ?? null,
        travelMinutes: Math.round((travelS.get(item.id) ?? 0) / 60),
        hours: item.hours ?? feature?.facts?.hours ?? null,
        timeZone: feature?.timeZone ?? null,
      };
    });
    for (const entry of dayTimeline(date, starts.get(date)?.start ?? DAY_START_DEFAULT, line))
      times.set(entry.id, { entry, timeZone: zones.get(entry.id) ?? null });
  }
  return times;
}

/** A stop of a day not planned yet (a ready-made plan's): where it is, how long, its hours. */
export interface SketchStop {
  id: string;
  point: LngLat;
  visitMinutes: number | null;
  hours: string | null;
  timeZone: string | null;
}

/**
 * The timeline of a day that is not a trip's yet (a ready-made plan's preview): from `start`, the
 * stops in order with estimated legs in the mode a trip with `transport` would have that day.
 */
export function sketchDayTimes(
  date: string,
  start: string,
  stops: readonly SketchStop[],
  transport: TransportMode,
  placeType: string | null,
): TimelineEntry[] {
  const mode = dayMode(
    stops.map((stop) => stop.point),
    transport,
    placeType,
  );
  return dayTimeline(
    date,
    start,
    stops.map((stop, i): TimelineItem => {
      const before = stops[i - 1];
      return {
        id: stop.id,
        kind: 'stop',
        fixedAt: null,
        visitMinutes: stop.visitMinutes,
        travelMinutes: before ? Math.round(estimateLeg(before.point, stop.point, mode).durationS / 60) : 0,
        hours: stop.hours,
        timeZone: stop.timeZone,
      };
    }),
  );
}
