import type { HistoryEntry, HistoryPage } from '@tripcrew/contracts/trip-history';
import type { Planner, Trip } from '@tripcrew/contracts/trips';
import { describe, expect, it } from 'vitest';
import { apiCaller, expectError, expectJson } from '../../../../test/helpers/api-calls.ts';
import type { TestUser } from '../../../../test/helpers/factories.ts';
import { useTestApp } from '../../../../test/helpers/test-app.ts';
import { anaCrewTrip, day, getPlanner, useCatalogue } from '../trips.fixtures.ts';

/** Issue 35: new dates are a change like any other: undone from the history, with the plan they moved. */
describe('undoing new dates of a trip', () => {
  const t = useTestApp();
  const c = useCatalogue(t);
  const call = apiCaller(t);

  /** Ana's trip (days 10–12) with Bo: stop A on day 1, stop B on day 3, stop C in the tray. */
  async function plannedTrip() {
    const { ana, crew, tripId, url } = await anaCrewTrip(t, c, 1, {
      startDate: day(10),
      endDate: day(12),
      featureIds: c.lisbonFeatures.slice(0, 3).map((f) => f._id),
    });
    const [a, b, rest] = (await getPlanner(t, ana, tripId)).tray;
    await expectJson(call(ana, 'POST', `${url}/planner/items/${a!._id}/move`, { date: day(10), index: 0 }));
    await expectJson(call(ana, 'POST', `${url}/planner/items/${b!._id}/move`, { date: day(12), index: 0 }));
    const where = async () => {
      const planner: Planner = await getPlanner(t, ana, tripId);
      const dayOf = (id: string) =>
        planner.days.find((d) => d.items.some((i) => i._id === id))?.date ??
        (planner.tray.some((i) => i._id === id) ? 'tray' : '?');
      return {
        days: planner.days.map((d) => d.date),
        a: dayOf(a!._id),
        b: dayOf(b!._id),
        c: dayOf(rest!._id),
      };
    };
    const setDates = (user: TestUser, startDate: string, endDate: string, plannedDays: 'shift' | 'tray') =>
      expectJson(call(user, 'PATCH', `/core/trips/update/${tripId}`, { startDate, endDate, plannedDays }));
    const lastDatesEntry = async () =>
      (await expectJson<HistoryPage>(call(ana, 'GET', `${url}/history?kind=trip`)))
        .entries[0] as HistoryEntry;
    return { ana, bo: crew[0], tripId, url, where, setDates, lastDatesEntry };
  }

  it('[HISTORY-16] undoing shorter dates brings them back with the stops they sent to the tray, each on its day', async () => {
    const { ana, bo, tripId, url, where, setDates, lastDatesEntry } = await plannedTrip();
    // Bo ends the trip a day earlier: B (on the last day) goes to the tray.
    await setDates(bo, day(10), day(11), 'tray');
    expect(await where()).toEqual({ days: [day(10), day(11)], a: day(10), b: 'tray', c: 'tray' });
    const change = await lastDatesEntry();
    expect(change).toMatchObject({ fields: ['endDate'], canUndo: true, by: { _id: bo.id } });

    // Ana (an admin) undoes it: the last day is back, and B on it; C stays in the tray.
    const undo = await expectJson<HistoryEntry>(call(ana, 'POST', `${url}/history/${change._id}/undo`));
    expect(undo).toMatchObject({ undoOf: change._id, fields: ['endDate'], after: { endDate: day(12) } });
    expect(await where()).toEqual({ days: [day(10), day(11), day(12)], a: day(10), b: day(12), c: 'tray' });
    const trip = await expectJson<Trip>(call(ana, 'GET', `/core/trips/${tripId}`));
    expect([trip.startDate, trip.endDate]).toEqual([day(10), day(12)]);
  });

  it('[HISTORY-17] undoing dates that shifted the plan shifts it back; over newer dates it is a 409 and nothing moves', async () => {
    const { ana, url, where, setDates, lastDatesEntry } = await plannedTrip();
    // A week later and a day shorter, the plan moving with the dates: B has no day left.
    await setDates(ana, day(17), day(18), 'shift');
    expect(await where()).toEqual({ days: [day(17), day(18)], a: day(17), b: 'tray', c: 'tray' });
    const shifted = await lastDatesEntry();
    await expectJson(call(ana, 'POST', `${url}/history/${shifted._id}/undo`));
    expect(await where()).toEqual({ days: [day(10), day(11), day(12)], a: day(10), b: day(12), c: 'tray' });

    // The undo is undone in turn (the dates and the plan move again), then the dates change once
    // more: undoing the older change now would replace newer dates, so it is refused.
    const undo = await lastDatesEntry();
    await expectJson(call(ana, 'POST', `${url}/history/${undo._id}/undo`));
    expect(await where()).toEqual({ days: [day(17), day(18)], a: day(17), b: 'tray', c: 'tray' });
    await setDates(ana, day(20), day(21), 'tray');
    const before = await where();
    const latest = await lastDatesEntry();
    const older = (await expectJson<HistoryPage>(call(ana, 'GET', `${url}/history?kind=trip`))).entries.find(
      (e) => e.undoOf === undo._id,
    );
    expect(latest.undoOf).toBeNull();
    expectError(await call(ana, 'POST', `${url}/history/${older!._id}/undo`), 409, /changed this while/);
    expect(await where()).toEqual(before);
  });
});
