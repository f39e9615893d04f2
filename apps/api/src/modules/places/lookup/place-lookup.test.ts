import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PlaceCandidate, PlaceLookup, ReverseLookup } from '@tripcrew/contracts/place-lookup';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiCaller, expectError, expectJson } from '../../../../test/helpers/api-calls.ts';
import { createUser, type TestUser } from '../../../../test/helpers/factories.ts';
import { forBlock, useTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';
import { places } from '../core/places.table.ts';

/**
 * GET /core/places/lookup and /core/places/lookup/reverse over HTTP, on the test app, with the
 * geocoder off (GEOCODER_URL unset) and on (pointed at a local Photon or Nominatim stand-in).
 */

// An invented name, unique per run (the PostgreSQL test database is shared across runs).
const base = `xlk${Array.from({ length: 5 }, () => 'bcdfghjmnpqrstvwz'[Math.floor(Math.random() * 17)]).join('')}`;
const TOWN = `${base[0]?.toUpperCase()}${base.slice(1)}`;
const TOWN_POINT = { lat: 38.8029, lng: -9.3817 };
const PIN = { lat: 38.7069, lng: -9.1459 };

/** Tripcrew's world places named after `base`: a town, a region, a country and a town without a point. */
async function seedWorld(t: TestApp): Promise<void> {
  const row = (key: string, type: 'City' | 'Region' | 'Country', title: string, extra: object) => ({
    sourceKey: `test:lookup:${base}:${key}`,
    type,
    title,
    searchName: title.toLowerCase(),
    country: 'Portugal',
    countryCode: 'PT',
    ...extra,
  });
  await t.database.db
    .insert(places)
    .values([
      row('town', 'City', TOWN, { region: 'Lisboa', ...TOWN_POINT, population: 30_000 }),
      row('coast', 'Region', `${TOWN} Coast`, {
        region: `${TOWN} Coast`,
        lat: 38.75,
        lng: -9.4,
        population: 9_000,
      }),
      row('land', 'Country', `${TOWN}land`, { country: `${TOWN}land`, lat: 10, lng: 10, population: 5_000 }),
      row('nowhere', 'City', `${TOWN} Nowhere`, { region: 'Lisboa', population: 100 }),
    ])
    .onConflictDoNothing();
}

const OUR_TOWN: PlaceCandidate = {
  name: TOWN,
  address: 'Lisboa, Portugal',
  coordinates: TOWN_POINT,
  source: 'tripcrew',
  kind: 'City',
};
const OUR_COAST: PlaceCandidate = {
  name: `${TOWN} Coast`,
  address: 'Portugal',
  coordinates: { lat: 38.75, lng: -9.4 },
  source: 'tripcrew',
  kind: 'Region',
};

// ------------------------------------------------------------------ the geocoder stand-ins

type Answer = { status: number; body: unknown };

const feature = (lat: number, lng: number, properties: Record<string, string>) => ({
  type: 'Feature',
  geometry: { type: 'Point', coordinates: [lng, lat] },
  properties,
});
const collection = (features: unknown[]) => ({ type: 'FeatureCollection', features });
const market = (lat = PIN.lat, lng = PIN.lng) =>
  feature(lat, lng, {
    name: 'Time Out Market Lisboa',
    street: 'Avenida 24 de Julho',
    housenumber: '49',
    postcode: '1200-479',
    city: 'Lisboa',
    country: 'Portugal',
    osm_key: 'amenity',
    osm_value: 'marketplace',
  });
const MARKET: PlaceCandidate = {
  name: 'Time Out Market Lisboa',
  address: 'Avenida 24 de Julho 49, 1200-479 Lisboa, Portugal',
  coordinates: PIN,
  source: 'geocoder',
  kind: 'marketplace',
};

/** Photon: for `base`, our town again (2 km off: the same place), a namesake far away and the market. */
function photonAnswer(url: URL): Answer {
  if (url.pathname === '/reverse') {
    const nothing = Number(url.searchParams.get('lat')) === 0;
    return { status: 200, body: collection(nothing ? [] : [market(38.70702, -9.14611)]) };
  }
  const q = url.searchParams.get('q')?.toLowerCase();
  if (q === base) {
    const town = { name: TOWN, country: 'Portugal', osm_key: 'place', osm_value: 'town' };
    return {
      status: 200,
      body: collection([
        feature(TOWN_POINT.lat + 0.018, TOWN_POINT.lng, town),
        feature(41.15, -8.61, { ...town, city: 'Porto' }),
        market(),
      ]),
    };
  }
  if (q === 'san') {
    const venues = Array.from({ length: 8 }, (_, i) =>
      feature(40 + i / 10, -3.7, { name: `San Venue ${i}`, osm_key: 'amenity', osm_value: 'cafe' }),
    );
    return { status: 200, body: collection(venues) };
  }
  return { status: 200, body: collection([]) };
}

/** Nominatim (jsonv2): the market, for any search and at any point. */
function nominatimAnswer(url: URL): Answer {
  const place = {
    lat: String(PIN.lat),
    lon: String(PIN.lng),
    category: 'amenity',
    type: 'marketplace',
    name: 'Time Out Market Lisboa',
    display_name: 'Time Out Market Lisboa, 49, Avenida 24 de Julho, Lisboa, 1200-479, Portugal',
    address: {
      house_number: '49',
      road: 'Avenida 24 de Julho',
      city: 'Lisboa',
      postcode: '1200-479',
      country: 'Portugal',
    },
  };
  return { status: 200, body: url.pathname === '/reverse' ? place : [place] };
}

/** A geocoder on 127.0.0.1 for the enclosing block: what it was asked, and a switch to make it fail. */
function useGeocoderFake(answer: (url: URL) => Answer) {
  const fake = {
    url: '',
    requests: [] as URL[],
    headers: [] as IncomingMessage['headers'][],
    failing: false,
  };
  let server: Server;
  beforeAll(async () => {
    server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://geocoder');
      fake.requests.push(url);
      fake.headers.push(req.headers);
      const { status, body } = fake.failing ? { status: 503, body: { message: 'down' } } : answer(url);
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  beforeEach(() => {
    fake.requests.length = 0;
    fake.headers.length = 0;
    fake.failing = false;
  });
  return fake;
}

/** The test app of the block, with GEOCODER_URL at `fake` when given, and a signed-in user. */
function useLookupApp(geocoder?: { fake: { url: string }; api: 'photon' | 'nominatim' }) {
  const env: Record<string, string> = {};
  if (geocoder) {
    beforeAll(() => {
      env.GEOCODER_URL = geocoder.fake.url;
      env.GEOCODER_API = geocoder.api;
    });
  }
  const t = useTestApp(env);
  const ana = forBlock(async () => {
    await seedWorld(t);
    return createUser(t);
  });
  const call = apiCaller(t);
  const lookup = (query: string, user: TestUser | null = ana) =>
    call(user, 'GET', `/core/places/lookup?${query}`);
  const reverse = (query: string, user: TestUser | null = ana) =>
    call(user, 'GET', `/core/places/lookup/reverse?${query}`);
  return { t, ana, lookup, reverse };
}

// ------------------------------------------------------------------ the tests

describe('place lookup without a geocoder', () => {
  // A geocoder is running, but GEOCODER_URL is not set: it must never be asked.
  const fake = useGeocoderFake(photonAnswer);
  const { lookup, reverse } = useLookupApp();

  it("[PLACES-LOOKUP-02] GEOCODER_URL unset: the towns and regions of Tripcrew's world places only, geocoder 'off', no network call", async () => {
    const res = await lookup(`q=${TOWN}`);
    const found = await expectJson<PlaceLookup>(res);
    expect(found.geocoder).toBe('off');
    // The exact match, then the prefix match; not the country, not the town without a point.
    expect(found.results.slice(0, 2)).toEqual([OUR_TOWN, OUR_COAST]);
    const names = found.results.map((r) => r.name);
    expect(names).not.toContain(`${TOWN}land`);
    expect(names).not.toContain(`${TOWN} Nowhere`);
    for (const result of found.results) {
      expect(result.source).toBe('tripcrew');
      expect(['City', 'Region']).toContain(result.kind);
    }
    expect(res.headers['cache-control']).toBe('private, no-store');
    // Near a point changes nothing without a geocoder; accents and case do not matter either.
    const near = await expectJson<PlaceLookup>(lookup(`q=${TOWN.toUpperCase()}&lat=38.7&lng=-9.1`));
    expect(near.results.slice(0, 2)).toEqual([OUR_TOWN, OUR_COAST]);
    expect(fake.requests).toHaveLength(0);
  });

  it("[PLACES-LOOKUP-06] reverse without a geocoder: no place, geocoder 'off', no network call", async () => {
    expect(await expectJson<ReverseLookup>(reverse('lat=38.7069&lng=-9.1459'))).toEqual({
      result: null,
      geocoder: 'off',
    });
    expect(fake.requests).toHaveLength(0);
  });

  it('[PLACES-LOOKUP-01] both routes are for signed-in callers: 401 signed out', async () => {
    expectError(await lookup(`q=${TOWN}`, null), 401, /sign in/i);
    expectError(await reverse('lat=38.7069&lng=-9.1459', null), 401, /sign in/i);
  });

  it('[PLACES-LOOKUP-05] bad input is a 400 naming the problem, never a 500', async () => {
    const long = 'x'.repeat(201);
    const cases: Array<[Promise<LightMyRequestResponse>, RegExp]> = [
      [lookup(''), /q/],
      [lookup('q=ab'), /Type at least 3 characters to search for a place/],
      [lookup('q=%20%20ab%20%20'), /Type at least 3 characters/],
      [lookup(`q=${long}`), /Search text is too long \(at most 200 characters\)/],
      [lookup('q=lisboa&lat=38.7'), /Give both lat and lng to search near a point, or neither/],
      [lookup('q=lisboa&lng=-9.1'), /Give both lat and lng/],
      [lookup('q=lisboa&lat=91&lng=0'), /Latitude must be between -90 and 90/],
      [lookup('q=lisboa&lat=0&lng=-180.5'), /Longitude must be between -180 and 180/],
      [lookup('q=lisboa&lat=north&lng=0'), /The latitude is a number/],
      [lookup('q=lisboa&near=here'), /Unknown query parameter field near/],
      [reverse('lat=38.7'), /Give the longitude as a number/],
      [lookup('q=lisboa&lat=&lng='), /Give the latitude as a number/],
      [reverse('lat=-90.01&lng=0'), /Latitude must be between -90 and 90/],
      [reverse('lat=0&lng=181'), /Longitude must be between -180 and 180/],
      [reverse('lat=1&lng=2&q=x'), /Unknown query parameter field q/],
    ];
    for (const [response, message] of cases) expectError(await response, 400, message);
  });
});

describe('place lookup with a geocoder (Photon)', () => {
  const fake = useGeocoderFake(photonAnswer);
  const { lookup, reverse } = useLookupApp({ fake, api: 'photon' });

  it("[PLACES-LOOKUP-03] GEOCODER_URL set: Tripcrew's places first, then the geocoder's that are not one of them; geocoder 'ok'", async () => {
    const found = await expectJson<PlaceLookup>(lookup(`q=${TOWN}&lat=38.7069&lng=-9.1459`));
    expect(found.geocoder).toBe('ok');
    expect(found.results.slice(0, 2)).toEqual([OUR_TOWN, OUR_COAST]);
    const theirs = found.results.filter((r) => r.source === 'geocoder');
    // Our town again 2 km off is our town; the namesake 300 km away is another place.
    expect(theirs).toEqual([
      {
        name: TOWN,
        address: 'Porto, Portugal',
        coordinates: { lat: 41.15, lng: -8.61 },
        source: 'geocoder',
        kind: 'town',
      },
      MARKET,
    ]);
    const firstTheirs = found.results.findIndex((r) => r.source === 'geocoder');
    expect(found.results.slice(firstTheirs).every((r) => r.source === 'geocoder')).toBe(true);
    // Asked once, near the point.
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]?.pathname).toBe('/api');
    expect(Object.fromEntries(fake.requests[0]?.searchParams ?? [])).toEqual({
      q: TOWN,
      limit: '10',
      lat: '38.71',
      lon: '-9.15',
    });
    expect(fake.headers[0]?.['user-agent']).toMatch(/^Tripcrew\/\S+ \(http:\/\/localhost:3000\)$/);
  });

  it('[PLACES-LOOKUP-03] at most 10 in all; when the geocoder found places, Tripcrew keeps at most half of the slots', async () => {
    // "san": far more than 10 towns of the world, and 8 venues from the geocoder.
    const found = await expectJson<PlaceLookup>(lookup('q=san'));
    expect(found.results).toHaveLength(10);
    expect(found.results.map((r) => r.source)).toEqual([
      ...Array<string>(5).fill('tripcrew'),
      ...Array<string>(5).fill('geocoder'),
    ]);
    expect(found.results.slice(5).map((r) => r.name)).toEqual([0, 1, 2, 3, 4].map((i) => `San Venue ${i}`));
    // The geocoder found nothing: Tripcrew's places fill every slot.
    const alone = await expectJson<PlaceLookup>(lookup('q=santa'));
    expect(alone).toMatchObject({ geocoder: 'ok' });
    expect(alone.results).toHaveLength(10);
  });

  it("[PLACES-LOOKUP-04] a failing geocoder: still 200 with Tripcrew's places, geocoder 'unavailable'", async () => {
    fake.failing = true;
    // Other words than the test before (a successful answer is cached).
    const found = await expectJson<PlaceLookup>(lookup(`q=${TOWN} Coast`));
    expect(found.geocoder).toBe('unavailable');
    expect(found.results[0]).toEqual(OUR_COAST);
    expect(found.results.every((r) => r.source === 'tripcrew')).toBe(true);
    expect(fake.requests).toHaveLength(1);
  });

  it("[PLACES-LOOKUP-06] reverse: the geocoder's place at the pin, with the pin's own point; none there, or a failure, is no place", async () => {
    const at = await expectJson<ReverseLookup>(reverse(`lat=${PIN.lat}&lng=${PIN.lng}`));
    expect(at).toEqual({ result: MARKET, geocoder: 'ok' });
    expect(fake.requests[0]?.pathname).toBe('/reverse');
    expect(Object.fromEntries(fake.requests[0]?.searchParams ?? [])).toEqual({
      lat: '38.70690',
      lon: '-9.14590',
    });

    expect(await expectJson<ReverseLookup>(reverse('lat=0&lng=-30'))).toEqual({
      result: null,
      geocoder: 'ok',
    });

    fake.failing = true;
    expect(await expectJson<ReverseLookup>(reverse('lat=38.72&lng=-9.14'))).toEqual({
      result: null,
      geocoder: 'unavailable',
    });
  });
});

describe('place lookup with a geocoder (Nominatim)', () => {
  const fake = useGeocoderFake(nominatimAnswer);
  const { lookup, reverse } = useLookupApp({ fake, api: 'nominatim' });

  it('[PLACES-LOOKUP-03] GEOCODER_API=nominatim: its /search and /reverse are asked, with a User-Agent naming Tripcrew', async () => {
    const found = await expectJson<PlaceLookup>(lookup('q=time%20out%20market'));
    expect(found.geocoder).toBe('ok');
    // (Tripcrew's close name matches, such as a region "Maritime", come before it.)
    expect(found.results.filter((r) => r.source === 'geocoder')).toEqual([MARKET]);
    expect(fake.requests[0]?.pathname).toBe('/search');
    expect(fake.requests[0]?.searchParams.get('format')).toBe('jsonv2');
    expect(fake.headers[0]?.['user-agent']).toMatch(/^Tripcrew\//);

    const pin = { lat: 38.7071, lng: -9.1461 };
    const at = await expectJson<ReverseLookup>(reverse(`lat=${pin.lat}&lng=${pin.lng}`));
    expect(at).toEqual({ result: { ...MARKET, coordinates: pin }, geocoder: 'ok' });
    expect(fake.requests[1]?.pathname).toBe('/reverse');
  });
});
