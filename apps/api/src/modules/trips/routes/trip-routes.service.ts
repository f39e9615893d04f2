import type {
  OptimiseDayResponse,
  RouteDay,
  RouteHome,
  RouteLeg,
  TripRoutes,
} from '@tripcrew/contracts/trip-routes';
import { OPTIMISE_MAX_STOPS } from '@tripcrew/contracts/trip-routes';
import type { Planner, PlannerItem } from '@tripcrew/contracts/trips';
import { DAY_START_DEFAULT } from '@tripcrew/contracts/day-timeline';
import { badRequest } from '../../../platform/errors.ts';
import type { Db } from '../../../db/client.ts';
import { findPlaceRow } from '../../places/index.ts';
import { readWith } from '../core/trip-access.ts';
import type { TripContext } from '../core/trip-context.ts';
import { eachDay } from '../core/trip-dates.ts';
import { findTripBookings } from '../bookings/trip-bookings.repository.ts';
import { homeBasesOf, homeSources, type HomeBase } from '../bookings/home-base.ts';
import { findTripWithPlannerItems } from '../planner/trip-planner.repository.ts';
import type { TripPlannerService } from '../planner/trip-planner.service.ts';
import { estimateLeg, type LngLat, MODE_CONSTANTS, tripMode } from './route-estimates.ts';
import { legsOf, planDay } from './route-days.ts';
import type { RoutingClient } from './route-osrm-client.ts';
import type { OptimiserItem } from './route-optimiser.ts';
import { optimiseDayInTime, type TimedItem } from './route-optimiser-time.ts';
import type { TripRow } from '../core/trips.table.ts';

/**
 * Distances and travel times of the planned days (ROUTE-01..04) and the optimiser of a day
 * (ROUTE-05..07). Decision 022 has the rules; route-estimates.ts the constants.
 */

export { ROUTING_BUDGET_MS, ROUTING_CONCURRENCY } from './route-days.ts';

/** The ids of a day's home base before and after its items while the optimiser orders them. */
const HOME_START = 'home:start';
const HOME_END = 'home:end';

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

const sum = (legs: readonly RouteLeg[], key: 'distanceM' | 'durationS') =>
  legs.reduce((total, leg) => total + leg[key], 0);

/** The day's items as the optimiser and the timeline read them (hours: the trip's correction first). */
function toTimedItems(items: readonly PlannerItem[]): TimedItem[] {
  return items.map((item) => {
    const facts = item.kind === 'feature' ? item.feature?.facts : null;
    return {
      id: item._id,
      point: pointOf(item),
      timed: item.time !== null,
      kind: item.kind === 'note' ? 'note' : 'stop',
      fixedAt: item.time,
      visitMinutes: item.visitMinutes ?? facts?.durationMinutes ?? null,
      hours: item.hours ?? facts?.hours ?? null,
      timeZone: item.kind === 'feature' ? (item.feature?.timeZone ?? null) : null,
    };
  });
}

function checkOptimiserLimit(items: readonly TimedItem[]): void {
  const stops = items.filter((item) => item.point).length;
  if (stops > OPTIMISE_MAX_STOPS)
    throw badRequest(
      `A day can be optimised with at most ${OPTIMISE_MAX_STOPS} stops; this one has ${stops}. Move some to another day first.`,
      'date',
    );
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
      const done = await deps.planner.arrangeDay(
        userId,
        tripId,
        date,
        apply,
        async (trip, items, conn, start) => {
          const dayItems = toTimedItems(items);
          checkOptimiserLimit(dayItems);
          const plan = planDay(date, dayItems, trip, await placeTypeOf(conn, trip));
          // The day's home bases (lodging, or a transport's arrival and departure) are a fixed start
          // and end: the stops are ordered between them; the first leg leaves from the start.
          const home = homeBasesOf(homeSources(await findTripBookings(conn, trip.id)), date);
          const anchor = (base: HomeBase | null, id: string): TimedItem[] =>
            base
              ? [
                  {
                    id,
                    point: base.point,
                    timed: true,
                    kind: 'note',
                    fixedAt: null,
                    visitMinutes: null,
                    hours: null,
                    timeZone: null,
                    offTimeline: true,
                  },
                ]
              : [];
          const around = [...anchor(home.start, HOME_START), ...dayItems, ...anchor(home.end, HOME_END)];
          const optimised = optimiseDayInTime(around, {
            date,
            start: start ?? DAY_START_DEFAULT,
            travelMinutes: (from, to) => Math.round(estimateLeg(from, to, plan.mode).durationS / 60),
          });
          const factor = MODE_CONSTANTS[plan.mode].detourFactor;
          const beforeM = Math.round(optimised.beforeM * factor);
          // A day that fits its hours may be longer than before: then nothing is saved.
          const afterM = Math.round(optimised.afterM * factor);
          return {
            itemIds: optimised.itemIds.filter((id) => id !== HOME_START && id !== HOME_END),
            value: { beforeM, afterM, unfit: optimised.warnings },
          };
        },
      );
      return {
        planner: done.planner,
        itemIds: done.itemIds,
        applied: apply,
        beforeM: done.value.beforeM,
        afterM: done.value.afterM,
        savedM: Math.max(0, done.value.beforeM - done.value.afterM),
        unfit: done.value.unfit,
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
