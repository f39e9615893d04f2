import { OPTIMISE_MAX_STOPS, type OptimiseDayResponse } from '@tripcrew/contracts/trip-routes';
import type { Planner, PlannerItem } from '@tripcrew/contracts/trips';
import { describe, expect, it } from 'vitest';
import { apiCaller, expectStatus } from '../../../../test/helpers/api-calls.ts';
import { createUser, type TestUser } from '../../../../test/helpers/factories.ts';
import { useTestApp } from '../../../../test/helpers/test-app.ts';
import { createTrip, day, useCatalogue } from '../trips.fixtures.ts';

/** Days from today (UTC) to the next Tuesday, at least one. */
function nextTuesday(): number {
  const weekday = new Date(`${day(0)}T00:00:00Z`).getUTCDay();
  return ((2 - weekday + 7) % 7) + 7 * Number(weekday === 2);
}

describe('optimising a day with opening hours (HTTP)', () => {
  const t = useTestApp();
  const c = useCatalogue(t);
  const call = apiCaller(t);

  /** A Lisbon trip whose only day is a Tuesday, with `count` stops on it, each open all day for the trip. */
  async function tuesdayTrip(owner: TestUser, count: number) {
    const tuesday = day(nextTuesday());
    const stops = c.lisbonFeatures.filter((f) => f.coordinates && f.timeZone).slice(0, count);
    const tripId = await createTrip(t, owner, {
      placeId: c.lisbon._id,
      startDate: tuesday,
      endDate: tuesday,
      featureIds: stops.map((f) => f._id),
    });
    let planner = (
      await expectStatus(call(owner, 'GET', `/core/trips/${tripId}/planner`), 200)
    ).json() as Planner;
    const items = [...planner.tray];
    for (const [index, item] of items.entries()) {
      await expectStatus(
        call(owner, 'POST', `/core/trips/${tripId}/planner/items/${item._id}/move`, { date: tuesday, index }),
        200,
      );
      const res = await call(owner, 'PATCH', `/core/trips/${tripId}/planner/items/${item._id}`, {
        hours: '24/7',
        version: item.version + 1,
      });
      planner = (await expectStatus(res, 200)).json() as Planner;
    }
    return { tripId, tuesday, items: planner.days[0]?.items ?? [] };
  }

  const correct = async (owner: TestUser, tripId: string, item: PlannerItem, hours: string | null) =>
    call(owner, 'PATCH', `/core/trips/${tripId}/planner/items/${item._id}`, { hours, version: item.version });

  it('[OPTIMISE-TIME-06] a stop closed that day: the answer says which and why; the trip’s corrected hours win', async () => {
    const ana = await createUser(t);
    const { tripId, tuesday, items } = await tuesdayTrip(ana, 4);
    expect(items.map((i) => i.hours)).toEqual(['24/7', '24/7', '24/7', '24/7']);
    const museum = items[2] as PlannerItem;
    const corrected = (
      await expectStatus(await correct(ana, tripId, museum, 'We-Mo 10:00-18:00'), 200)
    ).json() as Planner;
    const closed = corrected.days[0]?.items.find((i) => i._id === museum._id) as PlannerItem;
    expect(closed.hours).toBe('We-Mo 10:00-18:00');

    const url = `/core/trips/${tripId}/planner/days/${tuesday}/optimise`;
    const proposal = (
      await expectStatus(call(ana, 'POST', url, { apply: false }), 200)
    ).json() as OptimiseDayResponse;
    expect(proposal.unfit).toEqual([{ itemId: museum._id, warning: { kind: 'closed-day' } }]);

    // Corrected again, for this trip: open on Tuesdays. Now the day fits.
    await expectStatus(await correct(ana, tripId, closed, 'Tu 10:00-18:00'), 200);
    const fits = (
      await expectStatus(call(ana, 'POST', url, { apply: false }), 200)
    ).json() as OptimiseDayResponse;
    expect(fits.unfit).toEqual([]);
  });

  it('[OPTIMISE-TIME-07] bad hours and notes answer 400 naming the problem, and nothing is written', async () => {
    const ana = await createUser(t);
    const { tripId, items } = await tuesdayTrip(ana, 1);
    const stop = items[0] as PlannerItem;
    const bad = await expectStatus(await correct(ana, tripId, stop, 'Mo-Fr 25:00-26:00'), 400);
    expect(bad.json().message).toMatch(/Opening hours do not parse/);
    const planner = (
      await expectStatus(call(ana, 'GET', `/core/trips/${tripId}/planner`), 200)
    ).json() as Planner;
    expect(planner.days[0]?.items[0]?.hours).toBe('24/7');
    expect(planner.days[0]?.items[0]?.version).toBe(stop.version);

    const noted = await call(ana, 'POST', `/core/trips/${tripId}/planner/notes`, {
      text: 'Tickets',
      date: null,
    });
    const note = ((await expectStatus(noted, 200)).json() as Planner).tray.at(-1) as PlannerItem;
    const onNote = await expectStatus(await correct(ana, tripId, note, '24/7'), 400);
    expect(onNote.json().message).toMatch(/A note has no opening hours/);
    // Cleared: the feature's own hours again.
    const cleared = (await expectStatus(await correct(ana, tripId, stop, null), 200)).json() as Planner;
    expect(cleared.days[0]?.items[0]?.hours).toBeNull();
  });

  it(`[OPTIMISE-TIME-08] a day with more than ${OPTIMISE_MAX_STOPS} stops is not optimised: 400 with the numbers`, async () => {
    const ana = await createUser(t);
    const { tripId, tuesday } = await tuesdayTrip(ana, 1);
    for (let i = 0; i < OPTIMISE_MAX_STOPS; i += 1) {
      const res = await call(ana, 'POST', `/core/trips/${tripId}/places`, {
        name: `Stop ${i + 1}`,
        lat: 38.7 + i / 1000,
        lng: -9.14,
      });
      await expectStatus(res, 200);
    }
    const planner = (
      await expectStatus(call(ana, 'GET', `/core/trips/${tripId}/planner`), 200)
    ).json() as Planner;
    for (const item of planner.tray)
      await expectStatus(
        call(ana, 'POST', `/core/trips/${tripId}/planner/items/${item._id}/move`, {
          date: tuesday,
          index: 999,
        }),
        200,
      );
    const res = await expectStatus(
      call(ana, 'POST', `/core/trips/${tripId}/planner/days/${tuesday}/optimise`, { apply: true }),
      400,
    );
    expect(res.json().message).toBe(
      `A day can be optimised with at most ${OPTIMISE_MAX_STOPS} stops; this one has ${OPTIMISE_MAX_STOPS + 1}. Move some to another day first.`,
    );
  });
});
