import type { TripBooking } from '@tripcrew/contracts/trip-bookings';
import type { Planner } from '@tripcrew/contracts/trips';
import { fireEvent, screen, within } from '@testing-library/react';
import { createElement } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt, resetMocksAfterEach, signIn } from '../../../../../test/shell-test-utils.tsx';
import { jsonResponse } from '../../../../lib/testing/fetch-mock.ts';
import { featureItem, makeFeature, mockTripApi } from '../../testing/trip-fixtures.ts';
import { fake, fittedBounds, geoJsonSources } from '../../testing/trip-map-doubles.ts';
import { flight, lodging } from '../bookings/booking-test-fixtures.ts';
import { bookingElement, bookingPopupContent } from './trip-map-booking-layers.ts';
import {
  bookingLines,
  bookingMapOf,
  bookingPoints,
  bookingsOnMapDay,
  greatCircle,
  whenOf,
} from './trip-map-bookings.ts';
import { TripMapPanel } from './trip-map-panel.tsx';
import { ALL_DAYS, type LngLat } from './trip-map-stops.ts';

// jsdom has no WebGL: the stand-ins of trip-map-doubles.ts for BaseMap and MapLibre.
vi.mock('../../../../components/map/base-map.tsx', async () =>
  (await import('../../testing/trip-map-doubles.ts')).fakeBaseMapModule(),
);
vi.mock('maplibre-gl', async () => (await import('../../testing/trip-map-doubles.ts')).fakeMaplibreModule());

const LIS = { name: 'Lisbon', address: '', coordinates: { lat: 38.77, lng: -9.13 }, iata: 'LIS' };
const JFK = { name: 'New York JFK', address: '', coordinates: { lat: 40.64, lng: -73.78 }, iata: 'JFK' };

/** The fixtures' TP 1350 (1 Dec 07:40 LIS → 10:30 JFK), Casa Ana with a point, a train and its return flight. */
const outbound = flight();
const home = (): TripBooking =>
  lodging({
    start: {
      ...lodging().start,
      place: { ...lodging().start.place!, coordinates: { lat: 38.71, lng: -9.14 } },
    },
  });
const train = flight({
  _id: 'tr-1',
  kind: 'train',
  title: 'Lisbon to Porto',
  start: {
    local: '2026-12-03T09:00',
    zone: 'Europe/Lisbon',
    at: '2026-12-03T09:00:00.000Z',
    place: { name: 'Santa Apolónia', address: '', coordinates: { lat: 38.714, lng: -9.122 }, iata: null },
  },
  end: {
    local: '2026-12-03T12:10',
    zone: 'Europe/Lisbon',
    at: '2026-12-03T12:10:00.000Z',
    place: { name: 'Porto Campanhã', address: '', coordinates: { lat: 41.149, lng: -8.585 }, iata: null },
  },
});
const back = flight({
  _id: 'fl-back',
  title: 'New York to Lisbon',
  start: { local: '2026-12-09T18:00', zone: 'America/New_York', at: '2026-12-09T23:00:00.000Z', place: JFK },
  end: { local: '2026-12-10T06:00', zone: 'Europe/Lisbon', at: '2026-12-10T06:00:00.000Z', place: LIS },
});

describe('bookings on the trip map (pure)', () => {
  it('[BOOKINGS-MAP-WEB-01] lodging is a bed at its place; airports are named by their code; stations by their name', () => {
    const points = bookingPoints([outbound, home(), train]);
    expect(points.map((point) => [point.kind, point.icon, point.text, point.label])).toEqual([
      ['airport', 'flight', 'LIS', 'Airport: LIS · Lisbon'],
      ['airport', 'flight', 'JFK', 'Airport: JFK · New York JFK'],
      ['lodging', 'lodging', '', 'Lodging: Casa Ana'],
      ['station', 'train', 'Santa Apolónia', 'Station: Santa Apolónia'],
      ['station', 'train', 'Porto Campanhã', 'Station: Porto Campanhã'],
    ]);
    const lodgingPoint = points[2]!;
    expect(lodgingPoint.lngLat).toEqual([-9.14, 38.71]);
    expect(lodgingPoint.visits).toEqual([
      {
        bookingId: home()._id,
        kind: 'lodging',
        title: 'Casa Ana',
        when: 'Check-in 2 Dec 15:00 WET · Check-out 5 Dec 11:00 WET',
      },
    ]);
    expect(points[0]!.visits[0]!.when).toBe('Departure 1 Dec 07:40 WET');
    expect(points[1]!.visits[0]!.when).toBe('Arrival 1 Dec 10:30 EST');
  });

  it('[BOOKINGS-MAP-WEB-02] the bookings at one place share its marker; places without a point and other kinds are left out', () => {
    const dinner = flight({ _id: 'r-1', kind: 'restaurant', title: 'Dinner', end: null });
    const unlocated = lodging({ _id: 'lo-x' });
    const points = bookingPoints([outbound, back, dinner, unlocated]);
    expect(points.map((point) => point.text)).toEqual(['LIS', 'JFK']);
    expect(points[0]!.visits.map((visit) => [visit.title, visit.when])).toEqual([
      ['Lisbon to New York', 'Departure 1 Dec 07:40 WET'],
      ['New York to Lisbon', 'Arrival 10 Dec 06:00 WET'],
    ]);
  });

  it('[BOOKINGS-MAP-WEB-03] flights are great-circle arcs (solid), trains straight and dashed; only both ends located', () => {
    const lines = bookingLines([outbound, train, home(), flight({ _id: 'fl-x', end: null })]);
    expect(lines.features.map((feature) => feature.properties)).toEqual([
      { bookingId: outbound._id, kind: 'flight', style: 'flight' },
      { bookingId: 'tr-1', kind: 'train', style: 'ground' },
    ]);
    const arc = lines.features[0]!.geometry.coordinates;
    expect(arc[0]).toEqual([-9.13, 38.77]);
    expect(arc.at(-1)).toEqual([-73.78, 40.64]);
    expect(arc.length).toBeGreaterThan(10);
    // Northward of the straight line between two northern cities, as a great circle is.
    const middle = arc[Math.floor(arc.length / 2)]!;
    expect(middle[1]).toBeGreaterThan(43);
    expect(lines.features[1]!.geometry.coordinates).toEqual([
      [-9.122, 38.714],
      [-8.585, 41.149],
    ]);
  });

  it('[BOOKINGS-MAP-WEB-04] a flight over the Pacific crosses the antimeridian, not the whole map', () => {
    const tokyo: LngLat = [139.78, 35.55];
    const sanFrancisco: LngLat = [-122.38, 37.62];
    const arc = greatCircle(tokyo, sanFrancisco);
    expect(arc[0]).toEqual(tokyo);
    for (let i = 1; i < arc.length; i++) expect(Math.abs(arc[i]![0] - arc[i - 1]![0])).toBeLessThan(20);
    // The end is the same place, its longitude unwrapped past 180.
    expect(arc.at(-1)![0]).toBeCloseTo(-122.38 + 360, 6);
    expect(arc.at(-1)![1]).toBeCloseTo(37.62, 6);
    expect(greatCircle([1, 1], [1, 1])).toEqual([
      [1, 1],
      [1, 1],
    ]);
  });

  it('[BOOKINGS-MAP-WEB-05] a day filter keeps the bookings starting or ending that day, and the lodging slept at', () => {
    const list = [outbound, home(), train, back];
    const ids = (filter: string) => bookingsOnMapDay(list, filter).map((booking) => booking._id);
    expect(ids(ALL_DAYS)).toHaveLength(4);
    expect(ids('2026-12-01')).toEqual([outbound._id]);
    expect(ids('2026-12-03')).toEqual([home()._id, 'tr-1']);
    expect(ids('2026-12-10')).toEqual(['fl-back']);
    expect(bookingMapOf(list, '2026-12-05').points.map((point) => point.kind)).toEqual(['lodging']);
  });

  it('[BOOKINGS-MAP-WEB-06] times are those of where things happen, whatever the browser zone', () => {
    expect(whenOf(outbound.start)).toBe('1 Dec 07:40 WET');
    expect(whenOf(outbound.end!)).toBe('1 Dec 10:30 EST');
  });

  it('[BOOKINGS-MAP-WEB-07] a marker is a button of at least 44 px with its code; its popup has the title and local time', () => {
    const [lis] = bookingPoints([outbound]);
    const element = bookingElement(lis!);
    expect(element.tagName).toBe('BUTTON');
    expect(element.getAttribute('aria-label')).toBe('Airport: LIS · Lisbon');
    expect(element.textContent).toBe('LIS');
    expect(element.className).toContain('min-h-11');
    expect(element.querySelector('svg')).not.toBeNull();
    expect(bookingPopupContent(lis!).textContent).toBe(
      'LIS · LisbonLisbon to New YorkDeparture 1 Dec 07:40 WET',
    );
  });
});

const located = (i: number, lng: number, lat: number) =>
  makeFeature(i, { title: `Stop ${i}`, coordinates: { lat, lng } });

function mockMap(planner: Planner, bookings: TripBooking[]) {
  return mockTripApi({
    extra: (request) => {
      if (request.path === '/core/trips/t-1/planner') return jsonResponse(200, planner);
      if (request.path === '/core/trips/t-1/bookings') return jsonResponse(200, bookings);
      return undefined;
    },
  });
}

function renderPanel() {
  const result = renderAt(createElement(TripMapPanel, { tripId: 't-1' }));
  signIn(result.store);
  return result;
}

const bookingNames = () =>
  screen.queryAllByTestId('trip-map-booking').map((element) => element.getAttribute('aria-label'));

beforeEach(() => {
  fake.state.fits = [];
  fake.map.addSource.mockClear();
});
resetMocksAfterEach();

describe('bookings on the trip map (panel)', () => {
  it('[BOOKINGS-MAP-WEB-08] with stops: the bookings are drawn, the map fits the stops and where the group sleeps; a marker opens its popup', async () => {
    const planner: Planner = {
      days: [{ date: '2026-12-02', items: [featureItem(located(1, -9.2159, 38.6916), '2026-12-02', 0)] }],
      tray: [featureItem(located(2, -9.1335, 38.7139), null, 0)],
    };
    // The flat lies east of the stops.
    const flat = home();
    flat.start = { ...flat.start, place: { ...flat.start.place!, coordinates: { lat: 38.72, lng: -9.1 } } };
    mockMap(planner, [outbound, flat]);
    renderPanel();
    await vi.waitFor(() =>
      expect(bookingNames()).toEqual([
        'Airport: LIS · Lisbon',
        'Airport: JFK · New York JFK',
        'Lodging: Casa Ana',
      ]),
    );
    expect(screen.getAllByTestId('trip-map-stop')).toHaveLength(2);
    // Fitted to the two stops of Lisbon and the flat: the New York airport does not zoom the map out.
    expect(fittedBounds()).toEqual([
      [
        [-9.2159, 38.6916],
        [-9.1, 38.72],
      ],
    ]);
    expect(geoJsonSources()).toContain('trip-booking-lines');
    const legend = screen.getByRole('list', { name: 'Legend' });
    expect(within(legend).getByText('Bookings')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Lodging: Casa Ana' }));
    const popup = await screen.findByTestId('map-popup');
    expect(popup.textContent).toBe('Casa AnaCasa AnaCheck-in 2 Dec 15:00 WET · Check-out 5 Dec 11:00 WET');
    fireEvent.keyDown(popup, { key: 'Escape' });
    expect(screen.queryByTestId('map-popup')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Lodging: Casa Ana' }));
  });

  it('[BOOKINGS-MAP-WEB-09] a trip without stops but with bookings: a map of the bookings, fitted to them', async () => {
    mockMap({ days: [{ date: '2026-12-02', items: [] }], tray: [] }, [outbound]);
    renderPanel();
    await vi.waitFor(() =>
      expect(bookingNames()).toEqual(['Airport: LIS · Lisbon', 'Airport: JFK · New York JFK']),
    );
    expect(screen.queryByText('No stops with a location yet')).toBeNull();
    expect(fittedBounds()).toEqual([
      [
        [-73.78, 38.77],
        [-9.13, 40.64],
      ],
    ]);
  });

  it('[BOOKINGS-MAP-WEB-10] without stops nor located bookings: the empty state as before', async () => {
    mockMap({ days: [{ date: '2026-12-02', items: [] }], tray: [] }, [lodging()]);
    renderPanel();
    expect(await screen.findByText('No stops with a location yet')).toBeTruthy();
  });
});
