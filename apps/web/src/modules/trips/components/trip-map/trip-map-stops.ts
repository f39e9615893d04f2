import { ph, t } from '@lingui/core/macro';
import type { Planner, PlannerItem } from '@tripcrew/contracts/trips';
import { parseDate } from '../../../../lib/dates.ts';
import { formatDayLabel } from '../../../../lib/format/date-words.ts';

/**
 * One colour per day (day 9 takes day 1's again): eight hues told apart at a glance, each dark
 * enough for a white number on it (at least 4.5:1, light and dark themes alike).
 */
export const DAY_COLOURS = [
  '#1d4ed8', // blue
  '#b91c1c', // red
  '#047857', // green
  '#7e22ce', // purple
  '#c2410c', // orange
  '#0e7490', // cyan
  '#be185d', // pink
  '#854d0e', // brown
] as const;

/** Features in the 'unscheduled' tray: grey, without a number. */
export const UNSCHEDULED_COLOUR = '#64748b';

export const dayColour = (dayIndex: number): string =>
  DAY_COLOURS[dayIndex % DAY_COLOURS.length] ?? '#1d4ed8';

/** 'all', or the date (YYYY-MM-DD) of the one day shown. */
export type DayFilter = 'all' | (string & {});
export const ALL_DAYS: DayFilter = 'all';

export type LngLat = [lng: number, lat: number];

/** A feature of the trip with a location, as the map shows it. */
export interface MapStop {
  /** The planner item's id. */
  itemId: string;
  title: string;
  lngLat: LngLat;
  /** The day's index (0 for day 1), null in the tray. */
  dayIndex: number | null;
  date: string | null;
  /** 1..n in the day's order, null in the tray. */
  number: number | null;
  colour: string;
  /** 'Day 1 · Mon 3 Jun', or 'Unscheduled'. */
  dayLabel: string;
  /** What the marker is called: 'Day 1, stop 2: Belém Tower' or 'Unscheduled: Belém Tower'. */
  label: string;
}

/** 'Mon 3 Jun' (the date as given when it is not a date). */
export function shortDayDate(date: string): string {
  return parseDate(date) ? formatDayLabel(date) : date;
}

/** 'Day 1 · Mon 3 Jun'. */
export const dayName = (dayIndex: number, date: string): string =>
  t`Day ${ph({ day: dayIndex + 1 })} · ${ph({ date: shortDayDate(date) })}`;

/** A located item's name: its feature's title or its place's name (a note has none). */
function titleOf(item: PlannerItem): string | null {
  if (item.kind === 'place') return item.place?.name ?? null;
  return item.kind === 'feature' ? (item.feature?.title ?? null) : null;
}

function lngLatOf(item: PlannerItem): LngLat | null {
  const coordinates =
    item.kind === 'feature'
      ? item.feature?.coordinates
      : item.kind === 'place'
        ? item.place?.coordinates
        : null;
  if (!coordinates) return null;
  const { lat, lng } = coordinates;
  if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180)
    return null;
  return [lng, lat];
}

/**
 * The stops the map shows: every located feature and place of the trip's own of the days (numbered 1..n per day in the day's
 * order, in the day's colour) and of the tray (grey, unnumbered). Notes and features without
 * coordinates are left out. A day filter keeps only that day (the tray is not a day).
 */
export function tripStops(planner: Planner, filter: DayFilter = ALL_DAYS): MapStop[] {
  const stops: MapStop[] = [];
  planner.days.forEach((day, dayIndex) => {
    if (filter !== ALL_DAYS && filter !== day.date) return;
    let number = 0;
    for (const item of day.items) {
      const lngLat = lngLatOf(item);
      const title = titleOf(item);
      if (!lngLat || title === null) continue;
      number += 1;
      stops.push({
        itemId: item._id,
        title,
        lngLat,
        dayIndex,
        date: day.date,
        number,
        colour: dayColour(dayIndex),
        dayLabel: dayName(dayIndex, day.date),
        label: t`Day ${ph({ day: dayIndex + 1 })}, stop ${number}: ${ph({ title })}`,
      });
    }
  });
  if (filter !== ALL_DAYS) return stops;
  for (const item of planner.tray) {
    const lngLat = lngLatOf(item);
    const title = titleOf(item);
    if (!lngLat || title === null) continue;
    stops.push({
      itemId: item._id,
      title,
      lngLat,
      dayIndex: null,
      date: null,
      number: null,
      colour: UNSCHEDULED_COLOUR,
      dayLabel: t`Unscheduled`,
      label: t`Unscheduled: ${ph({ title })}`,
    });
  }
  return stops;
}

/** A leg's path from one stop to the next (for instance a route's geometry); null draws it straight. */
export type LegGeometry = (from: MapStop, to: MapStop) => LngLat[] | null | undefined;

/** What legGeometryOf needs of GET /core/trips/{id}/routes. */
export interface RoutedDays {
  days: readonly {
    legs: readonly {
      fromItemId: string;
      toItemId: string;
      geometry: readonly (readonly [number, number])[] | null;
    }[];
  }[];
}

/**
 * The road or footpath of each leg the routing server drew (ROUTING_URL), by its pair of stops;
 * a leg without a path (an estimate) stays straight. A pair keeps its path whatever day it is on.
 */
export function legGeometryOf(routes: RoutedDays | undefined): LegGeometry | undefined {
  if (!routes) return undefined;
  const paths = new Map<string, LngLat[]>();
  for (const day of routes.days)
    for (const leg of day.legs)
      if (leg.geometry && leg.geometry.length >= 2)
        paths.set(
          `${leg.fromItemId}>${leg.toItemId}`,
          leg.geometry.map(([lng, lat]) => [lng, lat]),
        );
  if (paths.size === 0) return undefined;
  return (from, to) => paths.get(`${from.itemId}>${to.itemId}`);
}

export interface DayLineProperties {
  dayIndex: number;
  date: string;
  colour: string;
}

export interface DayLines {
  type: 'FeatureCollection';
  features: {
    type: 'Feature';
    properties: DayLineProperties;
    geometry: { type: 'LineString'; coordinates: LngLat[] };
  }[];
}

const samePoint = (a: LngLat | undefined, b: LngLat | undefined) =>
  a !== undefined && b !== undefined && a[0] === b[0] && a[1] === b[1];

/**
 * One line per day joining its numbered stops in order, in the day's colour. Each leg is straight
 * unless `legGeometry` gives its path. A day with fewer than two stops has no line.
 */
export function dayLines(stops: readonly MapStop[], legGeometry?: LegGeometry): DayLines {
  const byDay = new Map<number, MapStop[]>();
  for (const stop of stops) {
    if (stop.dayIndex === null) continue;
    const list = byDay.get(stop.dayIndex) ?? [];
    list.push(stop);
    byDay.set(stop.dayIndex, list);
  }
  const features: DayLines['features'] = [];
  for (const [dayIndex, dayStops] of [...byDay.entries()].sort(([a], [b]) => a - b)) {
    const ordered = [...dayStops].sort((a, b) => (a.number ?? 0) - (b.number ?? 0));
    if (ordered.length < 2) continue;
    const coordinates: LngLat[] = [];
    for (let i = 0; i < ordered.length - 1; i++) {
      const from = ordered[i] as MapStop;
      const to = ordered[i + 1] as MapStop;
      const path = legGeometry?.(from, to);
      const leg = path && path.length >= 2 ? path : [from.lngLat, to.lngLat];
      for (const point of leg) if (!samePoint(coordinates.at(-1), point)) coordinates.push(point);
    }
    const first = ordered[0] as MapStop;
    features.push({
      type: 'Feature',
      properties: { dayIndex, date: first.date ?? '', colour: first.colour },
      geometry: { type: 'LineString', coordinates },
    });
  }
  return { type: 'FeatureCollection', features };
}

export interface DayOption {
  value: DayFilter;
  label: string;
}

/** The day filter's choices: 'All days', then 'Day 1 · Mon 3 Jun' … for every day of the trip. */
export function dayOptions(planner: Planner): DayOption[] {
  return [
    { value: ALL_DAYS, label: t`All days` },
    ...planner.days.map((day, index) => ({ value: day.date, label: dayName(index, day.date) })),
  ];
}

/** A filter naming a day the trip no longer has falls back to all days. */
export function validFilter(planner: Planner, filter: DayFilter): DayFilter {
  return filter === ALL_DAYS || planner.days.some((day) => day.date === filter) ? filter : ALL_DAYS;
}

export interface LegendEntry {
  key: string;
  label: string;
  colour: string;
  count: number;
}

/** The legend: each day with stops (its colour and how many), then the unscheduled ones. */
export function legendEntries(planner: Planner, stops: readonly MapStop[]): LegendEntry[] {
  const entries: LegendEntry[] = [];
  planner.days.forEach((day, index) => {
    const count = stops.filter((stop) => stop.dayIndex === index).length;
    if (count > 0)
      entries.push({ key: day.date, label: dayName(index, day.date), colour: dayColour(index), count });
  });
  const unscheduled = stops.filter((stop) => stop.dayIndex === null).length;
  if (unscheduled > 0)
    entries.push({ key: 'tray', label: t`Unscheduled`, colour: UNSCHEDULED_COLOUR, count: unscheduled });
  return entries;
}
