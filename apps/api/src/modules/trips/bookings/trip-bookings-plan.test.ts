import type { TripBooking } from '@tripcrew/contracts/trip-bookings';
import type { OptimiseDayResponse, TripRoutes } from '@tripcrew/contracts/trip-routes';
import type { Planner } from '@tripcrew/contracts/trips';
import { describe, expect, it } from 'vitest';
import { apiCaller, expectStatus } from '../../../../test/helpers/api-calls.ts';
import { createUser } from '../../../../test/helpers/factories.ts';
import { useTestApp } from '../../../../test/helpers/test-app.ts';
import { createTrip, day, openAllDay, useCatalogue } from '../trips.fixtures.ts';

describe('lodging is the home base of its days', () => {
  const t = useTestApp();
  const c = useCatalogue(t);
  const call = apiCaller(t);

  /** A two-day trip to Lisbon with three stops on day 1 and a flat booked for the night of day 1. */
  async function stayingTrip() {
    const ana = await createUser(t);
    const stops = c.lisbonFeatures.filter((f) => f.coordinates).slice(0, 3);
    const tripId = await createTrip(t, ana, {
      placeId: c.lisbon._id,
      startDate: day(1),
      endDate: day(2),
      featureIds: stops.map((f) => f._id),
      transportMode: 'private',
    });
    const planner = (
      await expectStatus(call(ana, 'GET', `/core/trips/${tripId}/planner`), 200)
    ).json() as Planner;
    const itemIds = planner.tray.map((item) => item._id);
    for (const [index, itemId] of itemIds.entries()) {
      await expectStatus(
        call(ana, 'POST', `/core/trips/${tripId}/planner/items/${itemId}/move`, { date: day(1), index }),
        200,
      );
    }
    await openAllDay(t, ana, tripId);
    // The flat is far out of town from the first stop, near the last one.
    const last = stops[2]?.coordinates as { lat: number; lng: number };
    const flat = (
      await expectStatus(
        call(ana, 'POST', `/core/trips/${tripId}/bookings`, {
          kind: 'lodging',
          title: 'Our flat',
          start: {
            local: `${day(1)}T15:00`,
            place: { name: 'Our flat', lat: last.lat + 0.001, lng: last.lng },
          },
          end: { local: `${day(2)}T11:00` },
        }),
        200,
      )
    ).json() as TripBooking;
    return { ana, tripId, itemIds, flat };
  }

  it("[BOOKINGS-PLAN-01] a day's route starts and ends at the lodging; the next morning leaves from it", async () => {
    const { ana, tripId, itemIds, flat } = await stayingTrip();
    const routes = (
      await expectStatus(call(ana, 'GET', `/core/trips/${tripId}/routes`), 200)
    ).json() as TripRoutes;
    const [first, second] = routes.days;
    expect(first?.home.start).toMatchObject({ bookingId: flat._id, name: 'Our flat' });
    expect(first?.home.end?.bookingId).toBe(flat._id);
    expect(first?.legs.map((leg) => [leg.fromItemId, leg.toItemId])).toEqual([
      [flat._id, itemIds[0]],
      [itemIds[0], itemIds[1]],
      [itemIds[1], itemIds[2]],
      [itemIds[2], flat._id],
    ]);
    expect(first?.totalDistanceM).toBe(first?.legs.reduce((sum, leg) => sum + leg.distanceM, 0));
    // Day 2 is check-out day: it starts at the flat; with no stops it has no legs.
    expect(second?.home).toMatchObject({ start: { bookingId: flat._id }, end: { bookingId: flat._id } });
    expect(second?.legs).toEqual([]);
  });

  it('[BOOKINGS-PLAN-02] Optimise orders the stops between the lodging in the morning and at night', async () => {
    const { ana, tripId, itemIds } = await stayingTrip();
    const res = await call(ana, 'POST', `/core/trips/${tripId}/planner/days/${day(1)}/optimise`, {
      apply: false,
    });
    const result = (await expectStatus(res, 200)).json() as OptimiseDayResponse;
    expect([...result.itemIds].sort()).toEqual([...itemIds].sort());
    // The stop nearest the flat is visited first or last, never in the middle of the day.
    const nearest = itemIds[2];
    expect([result.itemIds[0], result.itemIds.at(-1)]).toContain(nearest);
    expect(result.afterM).toBeLessThanOrEqual(result.beforeM);
  });
});
