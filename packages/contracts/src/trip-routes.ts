import { z } from 'zod';
import { idSchema } from './common.ts';
import { BOOKING_KINDS } from './trip-bookings.ts';
import { plannerSchema, tripDaySchema } from './trips.ts';

/**
 * Distances and travel times between the stops of each planned day (ROUTE-01..), and the
 * optimiser of a day's order (ROUTE-05..). Rules and constants: docs/decisions/022.
 */

/** How a leg is travelled: on foot, by car, or by public transport. */
export const routeModeSchema = z.enum(['walking', 'driving', 'transit']);
export type RouteMode = z.infer<typeof routeModeSchema>;

/** 'estimate': straight-line distance × a detour factor at a typical speed; 'routing': a routing server. */
export const routeSourceSchema = z.enum(['estimate', 'routing']);
export type RouteSource = z.infer<typeof routeSourceSchema>;

/** One leg between two consecutive stops (feature items with coordinates) of a day. */
export const routeLegSchema = z.object({
  fromItemId: z.string(),
  toItemId: z.string(),
  /** Metres, rounded. */
  distanceM: z.number().int().min(0),
  /** Seconds, rounded. */
  durationS: z.number().int().min(0),
  source: routeSourceSchema,
  /** The path as [lng, lat] pairs (GeoJSON order) when a routing server drew it, else null. */
  geometry: z.array(z.tuple([z.number(), z.number()])).nullable(),
});
export type RouteLeg = z.infer<typeof routeLegSchema>;

/**
 * A day's home base: the booking it starts or ends at (legs name it by its booking id): a lodging,
 * or a transport's station, airport or port (its arrival starts a day, its departure ends one).
 */
export const routeHomeSchema = z.object({
  bookingId: z.string(),
  /** 'lodging', or the transport's kind ('flight', 'train', 'bus', 'ferry'). */
  kind: z.enum(BOOKING_KINDS).default('lodging'),
  /** The lodging's title, or the station's or airport's name ("Humberto Delgado Airport"). */
  name: z.string(),
  /** The airport's IATA code when it is an airport ("LIS"), else null. */
  iata: z.string().nullable().default(null),
  coordinates: z.object({ lat: z.number(), lng: z.number() }),
});
export type RouteHome = z.infer<typeof routeHomeSchema>;

export const routeDaySchema = z.object({
  date: z.string(),
  /** The day's mode: walking when all its stops are close together in a city, else the trip's mode. */
  mode: routeModeSchema,
  legs: z.array(routeLegSchema),
  totalDistanceM: z.number().int().min(0),
  totalDurationS: z.number().int().min(0),
  /** Items of the day that are not stops: notes, and features without coordinates. */
  skippedItemIds: z.array(z.string()),
  /**
   * Where the day starts and ends when bookings say so (home-base.ts in the API has the rule): the
   * lodging of the night before or a transport's arrival that day; the lodging of the night or a
   * transport's departure that day. The first leg comes from `start`, the last goes to `end`,
   * each named by the booking's id.
   */
  home: z
    .object({ start: routeHomeSchema.nullable(), end: routeHomeSchema.nullable() })
    .default({ start: null, end: null }),
});
export type RouteDay = z.infer<typeof routeDaySchema>;

/** GET /core/trips/{id}/routes */
export const tripRoutesSchema = z.object({
  /** The trip's mode between places: driving for a 'private' trip, transit for a 'public' one. */
  mode: routeModeSchema,
  days: z.array(routeDaySchema),
});
export type TripRoutes = z.infer<typeof tripRoutesSchema>;

/** /core/trips/{id}/planner/days/{date}/… */
export const plannerDayParamsSchema = z.strictObject({ id: idSchema, date: tripDaySchema });

/** The most items one day's order may list. */
export const DAY_ORDER_MAX = 500;

/** PUT /core/trips/{id}/planner/days/{date}/order: every item of the day, once, in the new order. */
export const dayOrderBodySchema = z.strictObject({
  itemIds: z
    .array(idSchema)
    .max(DAY_ORDER_MAX, `A day has at most ${DAY_ORDER_MAX} items`)
    .refine((ids) => new Set(ids).size === ids.length, 'Each item may appear only once'),
});
export type DayOrderBody = z.input<typeof dayOrderBodySchema>;

/** POST /core/trips/{id}/planner/days/{date}/optimise: `apply: false` only proposes the order. */
export const optimiseDayBodySchema = z.strictObject({ apply: z.boolean().default(true) });
export type OptimiseDayBody = z.input<typeof optimiseDayBodySchema>;

/** A day with more stops than this is not optimised (400): split it over days first. */
export const OPTIMISE_MAX_STOPS = 40;

/** What is wrong with a stop's time (contracts/day-timeline.ts `TimelineWarning`). */
export const timelineWarningSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('closed-day') }),
  z.object({ kind: z.literal('before-opening'), opensAt: z.string() }),
  z.object({ kind: z.literal('after-closing') }),
  z.object({ kind: z.literal('closes-during'), closesAt: z.string() }),
  z.object({ kind: z.literal('runs-into'), fixedAt: z.string(), itemId: z.string() }),
  z.object({ kind: z.literal('past-midnight') }),
]);

export const optimiseDayResponseSchema = z.object({
  /** The planner after the change (unchanged when `applied` is false). */
  planner: plannerSchema,
  /** The day's item ids in the proposed (or applied) order. */
  itemIds: z.array(z.string()),
  applied: z.boolean(),
  /** Estimated metres of the day's stops before and after, and the difference (never negative). */
  beforeM: z.number().int().min(0),
  afterM: z.number().int().min(0),
  savedM: z.number().int().min(0),
  /**
   * The time warnings the new order still has: no order of the movable stops avoids them (a
   * museum closed that day, say). Empty when the day fits. Optional for answers kept offline.
   */
  unfit: z.array(z.object({ itemId: z.string(), warning: timelineWarningSchema })).optional(),
});
export type OptimiseDayResponse = z.infer<typeof optimiseDayResponseSchema>;
