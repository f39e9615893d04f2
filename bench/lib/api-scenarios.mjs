/**
 * The scenarios of `npm run bench:api` and how one is driven: autocannon (programmatic) with the
 * main user's bearer token (and, for writes, the CSRF header and cookie), a warm-up that is not
 * recorded, then the measured window. Writes draw a new valid request for every call
 * (setupRequest). A sample of each scenario is sent once to the API and to the raw reference
 * first, to compare the answers' bytes and shapes.
 */
import autocannon from 'autocannon';
import { createBookingTrips } from './api-bookings.mjs';
import { addDays, CHECKLIST, FEATURES_PER_TRIP, TRIP_DAYS } from './api-seed.mjs';

const pick = (list) => list[Math.floor(Math.random() * list.length)];
const randomInt = (n) => Math.floor(Math.random() * n);

/** `count` distinct items of `list`, in random order. */
function pickDistinct(list, count) {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy.slice(0, count);
}

/** The authenticated reads, each rotating over its paths (the main user's trips). */
export function readScenarios(seed) {
  const ids = seed.trips.map((t) => t.id);
  const list = [
    ['trips list', ['/api/core/trips']],
    ['trip', ids.map((id) => `/api/core/trips/${id}`)],
    ['planner', ids.map((id) => `/api/core/trips/${id}/planner`)],
    ['trip features', ids.map((id) => `/api/core/trips/features/${id}`)],
    ['trip bookings', ids.map((id) => `/api/core/trips/${id}/bookings`)],
    ['users/me', ['/api/users/users/me']],
    ['notifications', ['/api/users/notifications']],
    ['chats', ['/api/users/chats']],
    ['wishlist ids', ['/api/core/wishlist/ids']],
  ];
  return list.map(([scenario, paths]) => ({
    scenario,
    kind: 'read',
    route: `GET ${paths[0].replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, '{id}')}`,
    requests: () => paths.map((path) => ({ method: 'GET', path })),
    sample: () => ({ method: 'GET', path: paths[0] }),
  }));
}

/**
 * The writes: each call a valid request that succeeds (moves of items that are in the trip, to its
 * days; bookings into trips with room). A scenario with `prepare(seconds)` readies what a run of
 * that many seconds writes into (api-bookings.mjs) before each run.
 */
export function writeScenarios(seed) {
  let counter = 0;
  const bookingTrips = createBookingTrips(seed);
  const generators = [
    [
      'create trip',
      () => {
        const place = pick(seed.catalogue);
        const startDate = addDays(seed.today, 30 + randomInt(60));
        return {
          method: 'POST',
          path: '/api/core/trips',
          body: {
            placeId: place.placeId,
            startDate,
            endDate: addDays(startDate, TRIP_DAYS - 1),
            featureIds: pickDistinct(place.featureIds, FEATURES_PER_TRIP),
            members: [],
          },
        };
      },
    ],
    [
      'rename trip',
      () => {
        counter += 1;
        return {
          method: 'PATCH',
          path: `/api/core/trips/update/${pick(seed.trips).id}`,
          body: { tripName: `Bench trip ${counter}` },
        };
      },
    ],
    [
      'planner move',
      () => {
        const trip = pick(seed.trips);
        return {
          method: 'POST',
          path: `/api/core/trips/${trip.id}/planner/items/${pick(trip.itemIds)}/move`,
          body: { date: pick([null, ...trip.days]), index: randomInt(8) },
        };
      },
    ],
    [
      'checklist save',
      () => ({
        method: 'PUT',
        path: `/api/core/trips/${pick(seed.trips).id}/checklist`,
        body: { entries: pickDistinct(CHECKLIST, 2 + randomInt(5)) },
      }),
    ],
    [
      'send message',
      () => {
        counter += 1;
        return {
          method: 'POST',
          path: `/api/users/messages/direct/${seed.partner.userId}`,
          body: { text: `Bench message ${counter}` },
        };
      },
    ],
    [
      'add booking',
      () => {
        counter += 1;
        const trip = bookingTrips.take();
        return {
          method: 'POST',
          path: `/api/core/trips/${trip.id}/bookings`,
          body: {
            kind: 'train',
            title: `Bench train ${counter}`,
            confirmationCode: `BX${counter}`,
            carrier: 'CP',
            number: String(100 + (counter % 900)),
            start: { local: `${trip.day}T09:00`, zone: 'Europe/Lisbon', place: { name: 'Lisboa Oriente' } },
            end: { local: `${trip.day}T11:49`, zone: 'Europe/Lisbon', place: { name: 'Porto Campanhã' } },
          },
        };
      },
      bookingTrips.prepare,
    ],
  ];
  return generators.map(([scenario, generate, prepare]) => {
    const first = generate();
    return {
      scenario,
      kind: 'write',
      ...(prepare ? { prepare } : {}),
      route: `${first.method} ${first.path.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, '{id}')}`,
      requests: () => [
        {
          method: first.method,
          path: first.path,
          setupRequest: (request) => {
            const next = generate();
            return { ...request, method: next.method, path: next.path, body: JSON.stringify(next.body) };
          },
        },
      ],
      sample: generate,
    };
  });
}

/** The headers of the main user's requests (`write`: with CSRF header, cookie and JSON body). */
export function headersOf(session, write) {
  const headers = { authorization: `Bearer ${session.token}` };
  if (!write) return headers;
  return {
    ...headers,
    'content-type': 'application/json',
    'x-csrf-token': session.csrf,
    cookie: `csrf-token=${session.csrf}`,
  };
}

/** Requests per second, latency p50 and p99 (ms), the request count and non-2xx count of an autocannon result. */
export function throughputOf(result) {
  return {
    reqPerSec: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
  };
}

/**
 * Drives `requests()` against `base` with autocannon: `warmup` seconds (not recorded), then
 * `duration` seconds measured. Resolves to req/s, latency percentiles (ms) and status counts.
 */
export async function drive(base, requests, { connections, warmup, duration, headers }) {
  const options = { url: base, connections, pipelining: 1, headers };
  if (warmup > 0) await autocannon({ ...options, duration: warmup, requests: requests() });
  const result = await autocannon({ ...options, duration, requests: requests() });
  return {
    ...throughputOf(result),
    status4xx: result['4xx'],
    status5xx: result['5xx'],
    errors: result.errors + result.timeouts,
  };
}

/** Sends one request with fetch; resolves to its status, body bytes and text. */
export async function sendOnce(base, request, headers) {
  const response = await fetch(`${base}${request.path}`, {
    method: request.method,
    headers,
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  return { status: response.status, bytes: Buffer.byteLength(text), text };
}

/** The structure of a JSON value: keys (sorted) and types, arrays by their first element. */
function shapeOf(value) {
  if (Array.isArray(value)) return value.length > 0 ? [shapeOf(value[0])] : [];
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, shapeOf(value[k])]),
    );
  }
  return value === null ? 'null' : typeof value;
}

/** 'identical', 'same shape' or 'different' for two JSON answers. */
export function compareAnswers(a, b) {
  if (a === b) return 'identical';
  try {
    return JSON.stringify(shapeOf(JSON.parse(a))) === JSON.stringify(shapeOf(JSON.parse(b)))
      ? 'same shape'
      : 'different';
  } catch {
    return 'different';
  }
}
