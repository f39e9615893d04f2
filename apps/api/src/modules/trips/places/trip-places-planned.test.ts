import type { HistoryEntry, HistoryPage } from '@tripcrew/contracts/trip-history';
import type { SharedTrip, TripShare } from '@tripcrew/contracts/trip-links';
import type { TripPlace } from '@tripcrew/contracts/trip-places';
import type { TripRoutes } from '@tripcrew/contracts/trip-routes';
import type { Planner, PlannerItem } from '@tripcrew/contracts/trips';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { apiCall, type ApiMethod } from '../../../../test/helpers/api-calls.ts';
import type { TestUser } from '../../../../test/helpers/factories.ts';
import { useTestApp } from '../../../../test/helpers/test-app.ts';
import { anaCrewTrip, day, getPlanner, useCatalogue } from '../trips.fixtures.ts';

const FLAT = {
  name: 'Our flat in Alfama',
  lat: 38.7118,
  lng: -9.1303,
  address: 'Rua de São Miguel 12',
  phone: '+351 21 123 4567',
  notes: 'Key code 4711',
};

describe("a trip's places of its own on the plan", () => {
  const t = useTestApp();
  const c = useCatalogue(t);

  /** Ana (admin) and Bo (member) on a two-day trip to Lisbon with its first catalogue feature. */
  async function plannedTrip() {
    const feature = c.lisbonFeatures.find((f) => f.coordinates !== null);
    if (!feature) throw new Error('the catalogue has no Lisbon feature with coordinates');
    const {
      ana,
      crew: [bo],
      tripId,
    } = await anaCrewTrip(t, c, 1, { startDate: day(2), endDate: day(3), featureIds: [feature._id] });
    return { ana, bo, tripId, feature };
  }

  const ok = async <T>(user: TestUser, method: ApiMethod, url: string, body?: object): Promise<T> => {
    const res = await apiCall(t, user, method, url, body);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
    return res.json() as T;
  };

  const itemOf = (planner: Planner, placeId: string): PlannerItem | undefined =>
    [...planner.tray, ...planner.days.flatMap((d) => d.items)].find((item) => item.place?._id === placeId);

  it('[PLACES-PLAN-01] a new place comes into the tray; moved to a day it is a stop with a time, in order among the others', async () => {
    const { ana, bo, tripId, feature } = await plannedTrip();
    const flat = await ok<TripPlace>(bo, 'POST', `/core/trips/${tripId}/places`, FLAT);
    const planner = await getPlanner(t, ana, tripId);
    const item = itemOf(planner, flat._id);
    expect(item).toMatchObject({ kind: 'place', feature: null, text: null, date: null });
    expect(item?.place).toMatchObject({ name: FLAT.name, coordinates: { lat: FLAT.lat, lng: FLAT.lng } });
    expect(planner.tray.map((i) => i.kind)).toEqual(['feature', 'place']);

    const featureItem = planner.tray[0] as PlannerItem;
    const itemUrl = (id: string) => `/core/trips/${tripId}/planner/items/${id}`;
    await ok(ana, 'POST', `${itemUrl(featureItem._id)}/move`, { date: day(2), index: 0 });
    const moved = await ok<Planner>(bo, 'POST', `${itemUrl(item?._id ?? '')}/move`, {
      date: day(2),
      index: 0,
    });
    expect(moved.days[0]?.items.map((i) => i.kind)).toEqual(['place', 'feature']);
    const timed = await ok<Planner>(bo, 'PATCH', itemUrl(item?._id ?? ''), { time: '09:15', version: 2 });
    expect(itemOf(timed, flat._id)).toMatchObject({ date: day(2), time: '09:15', version: 3 });

    // A place keeps its own name, and its item goes only with it.
    const renamed = await apiCall(t, bo, 'PATCH', itemUrl(item?._id ?? ''), { text: 'Home', version: 3 });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json()).toMatchObject({ message: expect.stringMatching(/keeps its own name/) });
    const deleted = await apiCall(t, bo, 'DELETE', itemUrl(item?._id ?? ''));
    expect(deleted.statusCode).toBe(400);
    expect(deleted.json()).toMatchObject({ message: expect.stringMatching(/Remove the place/) });

    // The day's route runs from the flat to the feature.
    const routes = await ok<TripRoutes>(ana, 'GET', `/core/trips/${tripId}/routes`);
    const leg = routes.days[0]?.legs[0];
    expect(leg).toMatchObject({ fromItemId: item?._id, toItemId: featureItem._id });
    expect(leg?.distanceM).toBeGreaterThan(0);
    expect(feature.coordinates).not.toBeNull();
  });

  it('[PLACES-PLAN-02] removing a place takes its stop off the day (the day closes up); undoing the removal brings both back', async () => {
    const { ana, bo, tripId } = await plannedTrip();
    const flat = await ok<TripPlace>(bo, 'POST', `/core/trips/${tripId}/places`, FLAT);
    const note = await ok<Planner>(ana, 'POST', `/core/trips/${tripId}/planner/notes`, {
      date: day(2),
      text: 'Lunch',
    });
    const placeItem = itemOf(note, flat._id) as PlannerItem;
    await ok(ana, 'POST', `/core/trips/${tripId}/planner/items/${placeItem._id}/move`, {
      date: day(2),
      index: 0,
    });
    await ok(bo, 'DELETE', `/core/trips/${tripId}/places/${flat._id}`);
    const after = await getPlanner(t, ana, tripId);
    expect(itemOf(after, flat._id)).toBeUndefined();
    expect(after.days[0]?.items.map((i) => [i.text, i.position])).toEqual([['Lunch', 0]]);

    const history = await ok<HistoryPage>(ana, 'GET', `/core/trips/${tripId}/history?kind=trip-place`);
    const removal = history.entries.find((e: HistoryEntry) => e.action === 'removed');
    await ok(ana, 'POST', `/core/trips/${tripId}/history/${removal?._id ?? ''}/undo`);
    const back = await getPlanner(t, ana, tripId);
    // The place is back with its id, its stop at the end of the tray.
    expect(itemOf(back, flat._id)).toMatchObject({ kind: 'place', date: null });
    expect(back.tray.at(-1)?.place?._id).toBe(flat._id);
  });

  it('[PLACES-PLAN-03] a planned place is in the calendar and on the share page — there by name only', async () => {
    const { ana, bo, tripId } = await plannedTrip();
    const flat = await ok<TripPlace>(bo, 'POST', `/core/trips/${tripId}/places`, FLAT);
    const item = itemOf(await getPlanner(t, ana, tripId), flat._id) as PlannerItem;
    await ok(ana, 'POST', `/core/trips/${tripId}/planner/items/${item._id}/move`, { date: day(3), index: 0 });
    await ok(ana, 'PATCH', `/core/trips/${tripId}/planner/items/${item._id}`, { time: '18:00', version: 2 });

    const ics = await apiCall(t, ana, 'GET', `/core/trips/${tripId}/calendar.ics`);
    expect(ics.statusCode).toBe(200);
    const events = new ICAL.Component(ICAL.parse(ics.body)).getAllSubcomponents('vevent');
    const event = events.find((e) => e.getFirstPropertyValue('summary') === FLAT.name);
    expect(event?.getFirstPropertyValue('location')).toBe(FLAT.address);
    expect(String(event?.getFirstPropertyValue('dtstart'))).toContain(`${day(3)}T18:00:00`);

    const share = await ok<TripShare>(ana, 'POST', `/core/trips/${tripId}/share`);
    const token = (share.url ?? '').split('/share/')[1] ?? '';
    const res = await t.request({ method: 'GET', url: `/api/core/share/${token}` });
    expect(res.statusCode).toBe(200);
    const shared = res.json() as SharedTrip;
    expect(shared.days.find((d) => d.date === day(3))?.items).toEqual([
      expect.objectContaining({ kind: 'place', title: FLAT.name, time: '18:00', featureId: null }),
    ]);
    for (const secret of [FLAT.notes, FLAT.phone, FLAT.address, flat._id]) {
      expect(res.body, secret).not.toContain(secret);
    }
  });
});
