import type {
  OptimiseDayResponse,
  RouteDay,
  RouteHome,
  RouteLeg,
  RouteMode,
  TripRoutes,
} from '@tripcrew/contracts/trip-routes';
import type { Planner, PlannerItem } from '@tripcrew/contracts/trips';
import type { Db } from '../../../db/client.ts';
import { findPlaceRow } from '../../places/index.ts';
import { readWith } from '../core/trip-access.ts';
import type { TripContext } from '../core/trip-context.ts';
import { eachDay } from '../core/trip-dates.ts';
import { findTripBookings } from '../bookings/trip-bookings.repository.ts';
import { homeBasesOf, homeSources, type HomeBase } from '../bookings/home-base.ts';
import { findTripWithPlannerItems } from '../planner/trip-planner.repository.ts';
import type { TripPlannerService } from '../planner/trip-planner.service.ts';
import { dayMode, estimateLeg, type LngLat, MODE_CONSTANTS, tripMode } from './route-estimates.ts';
import type { RoutingClient, RoutingProfile } from './route-osrm-client.ts';
import { optimiseDay, type OptimiserItem } from './route-optimiser.ts';
import type { TripRow } from '../core/trips.table.ts';

/**
 * Distances and travel times of the planned days (ROUTE-01..04) and the optimiser of a day
 * (ROUTE-05..07). Decision 022 has the rules; route-estimates.ts the constants.
 */

/** Legs asked of the routing server at the same time, per answer. */
export const ROUTING_CONCURRENCY = 4;
/** One answer waits for the routing server at most this long in all (ms); later legs are estimated. */
export const ROUTING_BUDGET_MS = 5_000;

/** The ids of a day's home base before and after its items while the optimiser orders them. */
const HOME_START = 'home:start';
const HOME_END = 'home:end';

const PROFILE: Partial<Record<RouteMode, RoutingProfile>> = { walking: 'foot', driving: 'driving' };

interface Stop {
  itemId: string;
  point: LngLat;
}

interface DayPlan {
  date: string;
  mode: RouteMode;
  stops: Stop[];
  skippedItemIds: string[];
  home: { start: HomeBase | null; end: HomeBase | null };
}

const NO_HOME = { start: null, end: null };
const homeStop = (home: HomeBase): Stop => ({ itemId: home.bookingId, point: home.point });
const homeView = (home: HomeBase | null): RouteHome | null =>
  home
    ? {
        bookingId: home.bookingId,
        kind: home.kind,
        name: home.name,
        iata: home.iata,
        coordinates: home.point,
      }
    : null;

/** Where an item is: its feature's point or its place's; a note (or a feature without one) has none. */
function pointOf(item: PlannerItem): LngLat | null {
  if (item.kind === 'place' && item.place) return item.place.coordinates;
  return item.kind === 'feature' && item.feature?.coordinates ? item.feature.coordinates : null;
}

function planDay(
  date: string,
  items: readonly OptimiserItem[],
  trip: TripRow,
  placeType: string | null,
  home: { start: HomeBase | null; end: HomeBase | null } = NO_HOME,
): DayPlan {
  const stops: Stop[] = [];
  const skippedItemIds: string[] = [];
  for (const { id, point } of items) {
    if (point) stops.push({ itemId: id, point });
    else skippedItemIds.push(id);
  }
  // The day leaves from where the group woke up (or arrived) and ends where it sleeps (or leaves).
  if (home.start && (stops.length > 0 || (home.end && home.end.bookingId !== home.start.bookingId))) {
    stops.unshift(homeStop(home.start));
  }
  if (home.end && stops.length > 0 && stops.at(-1)?.itemId !== home.end.bookingId)
    stops.push(homeStop(home.end));
  const mode = dayMode(
    stops.map((s) => s.point),
    trip.transportMode,
    placeType,
  );
  return { date, mode, stops, skippedItemIds, home };
}

/** Runs `jobs` with at most `limit` at a time. */
async function inPool(jobs: Array<() => Promise<void>>, limit: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next] as () => Promise<void>;
      next += 1;
      await job();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, jobs.length) }, worker));
}

/**
 * The legs of every day: estimates, replaced by the routing server's answer for walking and
 * driving legs when one is configured. The first failure stops asking for the rest of this
 * answer (a server that is down is not asked 300 times); failed legs stay estimates.
 */
async function legsOf(plans: readonly DayPlan[], routing: RoutingClient | undefined): Promise<RouteLeg[][]> {
  const legs = plans.map((plan) =>
    plan.stops.slice(1).map((to, i): RouteLeg => {
      const from = plan.stops[i] as Stop;
      return {
        fromItemId: from.itemId,
        toItemId: to.itemId,
        ...estimateLeg(from.point, to.point, plan.mode),
        source: 'estimate',
        geometry: null,
      };
    }),
  );
  if (!routing) return legs;
  const budget = AbortSignal.timeout(ROUTING_BUDGET_MS);
  let failed = false;
  const jobs: Array<() => Promise<void>> = [];
  plans.forEach((plan, d) => {
    const profile = PROFILE[plan.mode];
    if (!profile) return; // transit: no routing profile, an estimate
    plan.stops.slice(1).forEach((to, i) => {
      const from = plan.stops[i] as Stop;
      jobs.push(async () => {
        if (failed || budget.aborted) return;
        const routed = await routing.leg(from.point, to.point, profile, budget);
        if (!routed) {
          failed = true;
          return;
        }
        const day = legs[d] as RouteLeg[];
        day[i] = { ...(day[i] as RouteLeg), ...routed, source: 'routing' };
      });
    });
  });
  await inPool(jobs, ROUTING_CONCURRENCY);
  return legs;
}

const sum = (legs: readonly RouteLeg[], key: 'distanceM' | 'durationS') =>
  legs.reduce((total, leg) => total + leg[key], 0);

function toOptimiserItems(items: readonly PlannerItem[]): OptimiserItem[] {
  return items.map((item) => ({ id: item._id, point: pointOf(item), timed: item.time !== null }));
}

export interface TripRoutesDeps {
  planner: TripPlannerService;
  /** The routing server's client (ROUTING_URL); undefined: estimates only. */
  routing?: RoutingClient | undefined;
}

export function createTripRoutesService(ctx: TripContext, deps: TripRoutesDeps) {
  const { db } = ctx;

  const placeTypeOf = async (conn: Db, trip: TripRow) =>
    (await findPlaceRow(conn, trip.placeId))?.type ?? null;

  return {
    /** GET routes: every day of the trip with its legs and totals (ROUTE-01..04). */
    async routes(userId: string, tripId: string): Promise<TripRoutes> {
      const { trip, rows } = await readWith(tripId, 'trip.read', () =>
        findTripWithPlannerItems(db, tripId, userId),
      );
      const placeType = await placeTypeOf(db, trip);
      const days = trip.startDate && trip.endDate ? eachDay(trip.startDate, trip.endDate) : [];
      const byDay = new Map<string, OptimiserItem[]>(days.map((d) => [d, []]));
      for (const { item, feature, place } of rows) {
        const list = item.day === null ? undefined : byDay.get(item.day);
        const point =
          item.kind === 'place' && place
            ? { lat: place.lat, lng: place.lng }
            : item.kind === 'feature' && feature && feature.lat !== null && feature.lng !== null
              ? { lat: feature.lat, lng: feature.lng }
              : null;
        list?.push({ id: item.id, point, timed: item.time !== null });
      }
      const homes = homeSources(await findTripBookings(db, trip.id));
      const plans = days.map((date) =>
        planDay(date, byDay.get(date) ?? [], trip, placeType, homeBasesOf(homes, date)),
      );
      const legs = await legsOf(plans, deps.routing);
      return {
        mode: tripMode(trip.transportMode),
        days: plans.map((plan, d): RouteDay => ({
          date: plan.date,
          mode: plan.mode,
          legs: legs[d] as RouteLeg[],
          totalDistanceM: sum(legs[d] as RouteLeg[], 'distanceM'),
          totalDurationS: sum(legs[d] as RouteLeg[], 'durationS'),
          skippedItemIds: plan.skippedItemIds,
          home: { start: homeView(plan.home.start), end: homeView(plan.home.end) },
        })),
      };
    },

    /**
     * Optimises one day (ROUTE-05..07): the optimiser's order, applied in one transaction unless
     * `apply` is false. Distances are estimates: straight-line × the day's detour factor.
     */
    async optimise(
      userId: string,
      tripId: string,
      date: string,
      apply: boolean,
    ): Promise<OptimiseDayResponse> {
      const done = await deps.planner.arrangeDay(userId, tripId, date, apply, async (trip, items, conn) => {
        const dayItems = toOptimiserItems(items);
        const plan = planDay(date, dayItems, trip, await placeTypeOf(conn, trip));
        // The day's home bases (lodging, or a transport's arrival and departure) are a fixed start
        // and end: the stops are ordered between them.
        const home = homeBasesOf(homeSources(await findTripBookings(conn, trip.id)), date);
        const anchors = (base: HomeBase | null, id: string): OptimiserItem[] =>
          base ? [{ id, point: base.point, timed: true }] : [];
        const around = [...anchors(home.start, HOME_START), ...dayItems, ...anchors(home.end, HOME_END)];
        const optimised = optimiseDay(around);
        const result = {
          ...optimised,
          itemIds: optimised.itemIds.filter((id) => id !== HOME_START && id !== HOME_END),
        };
        const factor = MODE_CONSTANTS[plan.mode].detourFactor;
        const beforeM = Math.round(result.beforeM * factor);
        const afterM = Math.min(beforeM, Math.round(result.afterM * factor));
        return { itemIds: result.itemIds, value: { beforeM, afterM } };
      });
      return {
        planner: done.planner,
        itemIds: done.itemIds,
        applied: apply,
        beforeM: done.value.beforeM,
        afterM: done.value.afterM,
        savedM: done.value.beforeM - done.value.afterM,
      };
    },

    /** PUT order: the day's items in this order (undo of an optimisation, ROUTE-06). */
    reorder(userId: string, tripId: string, date: string, itemIds: string[]): Promise<Planner> {
      return deps.planner
        .arrangeDay(userId, tripId, date, true, async () => ({ itemIds, value: undefined }))
        .then((done) => done.planner);
    },
  };
}

export type TripRoutesService = ReturnType<typeof createTripRoutesService>;
