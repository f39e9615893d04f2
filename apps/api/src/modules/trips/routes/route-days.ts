import type { RouteLeg, RouteMode } from '@tripcrew/contracts/trip-routes';
import type { HomeBase } from '../bookings/home-base.ts';
import type { TripRow } from '../core/trips.table.ts';
import { dayMode, estimateLeg, type LngLat } from './route-estimates.ts';
import type { RoutingClient, RoutingProfile } from './route-osrm-client.ts';
import type { OptimiserItem } from './route-optimiser.ts';

/**
 * A planned day as its legs see it: the stops in order between the day's home bases, the day's
 * mode, and the legs between them (estimates, or the routing server's answers). Shared by the
 * routes, the optimiser and the calendar's timed stops.
 */

/** Legs asked of the routing server at the same time, per answer. */
export const ROUTING_CONCURRENCY = 4;
/** One answer waits for the routing server at most this long in all (ms); later legs are estimated. */
export const ROUTING_BUDGET_MS = 5_000;

const PROFILE: Partial<Record<RouteMode, RoutingProfile>> = { walking: 'foot', driving: 'driving' };

export interface Stop {
  itemId: string;
  point: LngLat;
}

export interface DayPlan {
  date: string;
  mode: RouteMode;
  stops: Stop[];
  skippedItemIds: string[];
  home: { start: HomeBase | null; end: HomeBase | null };
}

export const NO_HOME = { start: null, end: null };
const homeStop = (home: HomeBase): Stop => ({ itemId: home.bookingId, point: home.point });
export function planDay(
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
export async function legsOf(
  plans: readonly DayPlan[],
  routing: RoutingClient | undefined,
): Promise<RouteLeg[][]> {
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
