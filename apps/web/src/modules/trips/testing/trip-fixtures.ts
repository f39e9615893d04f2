/** Test data and a fetch mock of the trip endpoints (component tests only). */
import type { Feature } from '@tripcrew/contracts/features';
import type { Planner, PlannerItem, Trip, TripRole } from '@tripcrew/contracts/trips';
import { jsonResponse, mockFetch, type RecordedRequest, setCookie } from '../../../lib/testing/fetch-mock.ts';

export function makeTrip(overrides: Partial<Trip> = {}): Trip {
  return {
    _id: 't-1',
    tripName: 'Lisbon, Portugal',
    startDate: '2031-05-05',
    endDate: '2031-05-08',
    transportMode: 'private',
    image: { original: '/api/uploads/lisbon.jpg', landscape: '/api/uploads/lisbon-940.jpg' },
    users: [
      { _id: 'u-1', role: 'admin', name: 'Ada', lastName: 'Lovelace', image: { thumbnail: '/ada.jpg' } },
      { _id: 'u-2', role: 'member', name: 'Bob', lastName: 'Stone', image: { thumbnail: null } },
    ],
    placeId: 'p-lisbon',
    categories: [],
    featureCount: 2,
    myRole: 'admin',
    createdAt: '2031-01-01T00:00:00.000Z',
    version: 1,
    ...overrides,
  };
}

export function makeFeature(i: number, overrides: Partial<Feature> = {}): Feature {
  return {
    _id: `f${i}`,
    title: `Feature ${i}`,
    address: `Street ${i}`,
    description: `About ${i}.`,
    rank: i,
    image: { original: `/images/f${i}.svg` },
    categoryId: [],
    model: 'places',
    coordinates: null,
    placeId: 'p-lisbon',
    ...overrides,
  };
}

export function featureItem(feature: Feature, date: string | null, position: number): PlannerItem {
  return {
    _id: `i-${feature._id}`,
    kind: 'feature',
    feature,
    place: null,
    text: null,
    time: null,
    date,
    position,
    version: 1,
  };
}

/** A planner item of a place of the trip's own, at (lat, lng). */
export function placeItem(
  id: string,
  name: string,
  date: string | null,
  position: number,
  coordinates = { lat: 38.7118, lng: -9.1303 },
): PlannerItem {
  return {
    _id: `i-${id}`,
    kind: 'place',
    feature: null,
    place: {
      _id: id,
      name,
      category: null,
      address: '',
      coordinates,
      website: null,
      phone: null,
      notes: '',
      createdBy: null,
      createdAt: '2031-06-01T10:00:00.000Z',
      updatedAt: '2031-06-01T10:00:00.000Z',
      version: 1,
    },
    text: null,
    time: null,
    date,
    position,
    version: 1,
  };
}

export function noteItem(
  id: string,
  text: string,
  date: string | null,
  position: number,
  time: string | null = null,
): PlannerItem {
  return { _id: id, kind: 'note', feature: null, place: null, text, time, date, position, version: 1 };
}

export function makePlanner(): Planner {
  const f1 = makeFeature(1);
  const f2 = makeFeature(2);
  return {
    days: [
      {
        date: '2031-05-05',
        items: [
          featureItem(f1, '2031-05-05', 0),
          noteItem('n-1', 'Breakfast at the market', '2031-05-05', 1, '09:30'),
        ],
      },
      { date: '2031-05-06', items: [] },
      { date: '2031-05-07', items: [] },
      { date: '2031-05-08', items: [] },
    ],
    tray: [featureItem(f2, null, 0)],
  };
}

export type Handler = (request: RecordedRequest) => Response | Promise<Response> | undefined;

const forbidden = () => jsonResponse(403, { statusCode: 403, code: 'FORBIDDEN', message: 'read-only' });

/**
 * A fetch mock answering the trip endpoints from `trip` (per role): PATCH updates the trip,
 * guests get 403 on writes. `extra` handlers run first.
 */
export function mockTripApi(options: { trip?: Trip; role?: TripRole; extra?: Handler } = {}) {
  setCookie('csrf-token', 'test-csrf');
  let trip = { ...(options.trip ?? makeTrip()), ...(options.role ? { myRole: options.role } : {}) };
  const planner = makePlanner();
  const readOnly = trip.myRole === 'guest' || trip.myRole === 'other';
  return mockFetch((request) => {
    const custom = options.extra?.(request);
    if (custom) return custom;
    const { path, method } = request;
    if (path === `/core/trips/${trip._id}` && method === 'GET') return jsonResponse(200, trip);
    if (path === `/core/trips/update/${trip._id}` && method === 'PATCH') {
      if (readOnly) return forbidden();
      trip = { ...trip, ...(request.body as Partial<Trip>) };
      return jsonResponse(200, { trip, movedToTray: 0 });
    }
    if (path === `/core/trips/features/${trip._id}`)
      return jsonResponse(200, [makeFeature(1), makeFeature(2)]);
    if (path === `/core/trips/${trip._id}/planner`) return jsonResponse(200, planner);
    if (path === `/core/trips/${trip._id}/checklist` && method === 'GET')
      return jsonResponse(200, { entries: [], version: 1 });
    if (path === `/core/trips/${trip._id}/checklist` && method === 'PATCH')
      return jsonResponse(200, { entries: (request.body as { tick: string[] }).tick, version: 2 });
    if (path === `/core/trips/${trip._id}/places` && method === 'GET') return jsonResponse(200, []);
    if (path === '/core/categories/all') return jsonResponse(200, []);
    if (path === `/core/trips/${trip._id}` && method === 'DELETE') {
      // Every DELETE answers 200 with a small JSON body (SPEC §7).
      return trip.myRole === 'admin' ? jsonResponse(200, { ok: true }) : forbidden();
    }
    if (method !== 'GET' && readOnly) return forbidden();
    return jsonResponse(404, { statusCode: 404, code: 'NOT_FOUND', message: 'Trip not found' });
  });
}
