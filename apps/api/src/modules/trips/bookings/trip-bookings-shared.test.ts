import type { TripBooking } from '@tripcrew/contracts/trip-bookings';
import type { SharedTrip, TripShare } from '@tripcrew/contracts/trip-links';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { apiCall } from '../../../../test/helpers/api-calls.ts';
import type { TestUser } from '../../../../test/helpers/factories.ts';
import { useTestApp } from '../../../../test/helpers/test-app.ts';
import { anaCrewTrip, useCatalogue } from '../trips.fixtures.ts';

const FLIGHT = {
  kind: 'flight',
  carrier: 'TP',
  number: '1350',
  confirmationCode: 'X7K2QP',
  seat: '23C',
  cost: { amount: '412.30', currency: 'EUR' },
  start: { local: '2031-01-10T10:00', place: { iata: 'LIS' } },
  end: { local: '2031-01-10T12:50', place: { iata: 'JFK' } },
};
/** A stay in Lisbon across the night clocks go forward (2031-03-30 in Europe/Lisbon). */
const STAY = {
  kind: 'lodging',
  title: 'Casa do Rio',
  confirmationCode: 'HOTEL-991',
  start: { local: '2031-03-29T15:00', place: { name: 'Casa do Rio', lat: 38.7118, lng: -9.1303 } },
  end: { local: '2031-03-31T11:00' },
};

describe("a trip's bookings in its calendar and on its share page", () => {
  const t = useTestApp();
  const c = useCatalogue(t);

  const ok = async <T>(user: TestUser, method: 'GET' | 'POST' | 'PATCH', url: string, body?: object) => {
    const res = await apiCall(t, user, method, url, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as T;
  };

  it('[BOOKINGS-ICS-01] every booking is a timed event with its TZID, at the right instant, with a stable UID', async () => {
    const { ana, tripId } = await anaCrewTrip(t, c, 1);
    const url = `/core/trips/${tripId}/bookings`;
    const flight = await ok<TripBooking>(ana, 'POST', url, FLIGHT);
    const stay = await ok<TripBooking>(ana, 'POST', url, STAY);
    const read = async () => {
      const res = await apiCall(t, ana, 'GET', `/core/trips/${tripId}/calendar.ics`);
      expect(res.statusCode).toBe(200);
      return res.body;
    };
    const body = await read();
    expect(body).toContain('DTSTART;TZID=Europe/Lisbon:20310110T100000');
    expect(body).toContain('DTEND;TZID=America/New_York:20310110T125000');
    const calendar = new ICAL.Component(ICAL.parse(body));
    // Each zone named is described, so readers need no zone data of their own.
    for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
    const events = new Map(
      calendar
        .getAllSubcomponents('vevent')
        .map((event) => [String(event.getFirstPropertyValue('uid')), new ICAL.Event(event)]),
    );
    const flightEvent = events.get(`booking-${flight._id}@tripcrew`);
    expect(flightEvent?.summary).toBe('Flight TP 1350');
    expect(flightEvent?.startDate.toJSDate().toISOString()).toBe('2031-01-10T10:00:00.000Z');
    expect(flightEvent?.endDate.toJSDate().toISOString()).toBe('2031-01-10T17:50:00.000Z');
    expect(flightEvent?.location).toBe('LIS → JFK');
    // The clock change inside the stay: check-in on winter time, check-out on summer time.
    const stayEvent = events.get(`booking-${stay._id}@tripcrew`);
    expect(stayEvent?.startDate.toJSDate().toISOString()).toBe('2031-03-29T15:00:00.000Z');
    expect(stayEvent?.endDate.toJSDate().toISOString()).toBe('2031-03-31T10:00:00.000Z');
    // Codes and costs stay in Tripcrew.
    expect(body).not.toContain('X7K2QP');
    expect(body).not.toContain('HOTEL-991');
    // UIDs stable across exports, even after an edit.
    await ok(ana, 'PATCH', `${url}/${flight._id}`, { seat: '1A' });
    const again = new ICAL.Component(ICAL.parse(await read()));
    expect(again.getAllSubcomponents('vevent').map((event) => event.getFirstPropertyValue('uid'))).toEqual(
      calendar.getAllSubcomponents('vevent').map((event) => event.getFirstPropertyValue('uid')),
    );
  });

  it('[BOOKINGS-SHARE-01] the share page shows kind, place and time only; an admin hides a booking from it', async () => {
    const { ana, tripId } = await anaCrewTrip(t, c, 1);
    const url = `/core/trips/${tripId}/bookings`;
    const flight = await ok<TripBooking>(ana, 'POST', url, { ...FLIGHT, notes: 'Gate closes 40 min before' });
    const stay = await ok<TripBooking>(ana, 'POST', url, STAY);
    const share = await ok<TripShare>(ana, 'POST', `/core/trips/${tripId}/share`);
    const token = (share.url ?? '').split('/share/')[1] ?? '';
    const shared = async () => {
      const res = await t.request({ method: 'GET', url: `/api/core/share/${token}` });
      expect(res.statusCode).toBe(200);
      return { json: res.json() as SharedTrip, body: res.body };
    };
    const first = await shared();
    expect(first.json.bookings).toEqual([
      {
        _id: flight._id,
        kind: 'flight',
        place: expect.stringContaining(' → '),
        start: { local: '2031-01-10T10:00', zone: 'Europe/Lisbon' },
        end: { local: '2031-01-10T12:50', zone: 'America/New_York' },
      },
      {
        _id: stay._id,
        kind: 'lodging',
        place: 'Casa do Rio',
        start: { local: '2031-03-29T15:00', zone: 'Europe/Lisbon' },
        end: { local: '2031-03-31T11:00', zone: 'Europe/Lisbon' },
      },
    ]);
    for (const secret of ['X7K2QP', 'HOTEL-991', '23C', '412', 'Gate closes'])
      expect(first.body).not.toContain(secret);
    await ok(ana, 'PATCH', `${url}/${flight._id}`, { hiddenFromShare: true });
    expect((await shared()).json.bookings.map((booking) => booking._id)).toEqual([stay._id]);
  });
});
