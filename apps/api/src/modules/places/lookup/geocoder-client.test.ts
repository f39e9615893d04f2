import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { useFakeHttpServer } from '../../../../test/helpers/fake-http-server.ts';
import {
  createGeocoderClient,
  formatAddress,
  type GeocoderApi,
  type GeocoderClientOptions,
} from './geocoder-client.ts';

/**
 * The geocoder client against small Photon and Nominatim stand-ins on 127.0.0.1: each test sets
 * how the server answers; it records every request (path with query, and headers).
 */

const MARKET = { lat: 38.7069, lng: -9.1459 };

/** Photon's answer (GeoJSON, [lon, lat]) for "time out market": the market and a street. */
const photonMarket = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [-9.1459, 38.7069] },
      properties: {
        osm_type: 'N',
        osm_id: 4529413589,
        osm_key: 'amenity',
        osm_value: 'marketplace',
        type: 'house',
        name: 'Time Out Market Lisboa',
        street: 'Avenida 24 de Julho',
        housenumber: '49',
        postcode: '1200-479',
        district: 'Cais do Sodré',
        city: 'Lisboa',
        county: 'Lisboa',
        state: 'Lisboa',
        country: 'Portugal',
        countrycode: 'PT',
        extent: [-9.1463, 38.7072, -9.1455, 38.7066],
      },
    },
    {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [-9.14583, 38.70679] },
      // An address without a name: named after its street and number.
      properties: {
        osm_key: 'building',
        osm_value: 'yes',
        type: 'house',
        street: 'Avenida 24 de Julho',
        housenumber: '51',
        postcode: '1200-479',
        city: 'Lisboa',
        country: 'Portugal',
      },
    },
    {
      type: 'Feature',
      // Out of range: dropped.
      geometry: { type: 'Point', coordinates: [-9.1459, 138.7069] },
      properties: { name: 'Broken point', osm_key: 'amenity', osm_value: 'cafe' },
    },
    {
      type: 'Feature',
      // No name and no address at all: dropped.
      geometry: { type: 'Point', coordinates: [-9.15, 38.71] },
      properties: { osm_key: 'highway', osm_value: 'bus_stop', country: '' },
    },
    // Not a feature at all: dropped, the others kept.
    { type: 'Feature', geometry: null, properties: { name: 'No geometry' } },
  ],
};

/** Nominatim's jsonv2 answer to the same search: lat/lon are strings, the address is broken down. */
const nominatimMarket = [
  {
    place_id: 1203311,
    licence: 'Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright',
    osm_type: 'node',
    osm_id: 4529413589,
    lat: '38.7069000',
    lon: '-9.1459000',
    category: 'amenity',
    type: 'marketplace',
    place_rank: 30,
    importance: 0.2,
    addresstype: 'amenity',
    name: 'Time Out Market Lisboa',
    display_name:
      'Time Out Market Lisboa, 49, Avenida 24 de Julho, Cais do Sodré, Misericórdia, Lisboa, 1200-479, Portugal',
    address: {
      amenity: 'Time Out Market Lisboa',
      house_number: '49',
      road: 'Avenida 24 de Julho',
      neighbourhood: 'Cais do Sodré',
      suburb: 'Misericórdia',
      city: 'Lisboa',
      'ISO3166-2-lvl6': 'PT-11',
      postcode: '1200-479',
      country: 'Portugal',
      country_code: 'pt',
    },
    boundingbox: ['38.7068500', '38.7069500', '-9.1459500', '-9.1458500'],
  },
  {
    place_id: 1203312,
    lat: '38.7067900',
    lon: '-9.1458300',
    category: 'place',
    type: 'house',
    name: '',
    display_name: '51, Avenida 24 de Julho, Lisboa, 1200-479, Portugal',
    address: {
      house_number: '51',
      road: 'Avenida 24 de Julho',
      town: 'Lisboa',
      postcode: '1200-479',
      country: 'Portugal',
    },
  },
  {
    place_id: 1,
    lat: '95.0000000',
    lon: '-9.1000000',
    category: 'amenity',
    type: 'cafe',
    name: 'Broken point',
  },
  { place_id: 2, lat: 'north', lon: '-9.1', name: 'Not a number' },
];

const marketCandidate = {
  name: 'Time Out Market Lisboa',
  address: 'Avenida 24 de Julho 49, 1200-479 Lisboa, Portugal',
  coordinates: MARKET,
  source: 'geocoder',
  kind: 'marketplace',
};
/** The unnamed address next door, as a candidate of the kind its geocoder gives. */
const numberCandidate = (kind: string) => ({
  name: 'Avenida 24 de Julho 51',
  address: 'Avenida 24 de Julho 51, 1200-479 Lisboa, Portugal',
  coordinates: { lat: 38.70679, lng: -9.14583 },
  source: 'geocoder',
  kind,
});

describe('geocoder client', () => {
  const fake = useFakeHttpServer();

  const json = (status: number, body: unknown) => (_req: IncomingMessage, res: ServerResponse) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  };
  const client = (api: GeocoderApi, extra: Partial<GeocoderClientOptions> = {}) =>
    createGeocoderClient({
      baseUrl: fake.baseUrl,
      api,
      userAgent: 'Tripcrew/test (http://localhost:3000)',
      ...extra,
    });
  /** A log that keeps the reason of each failure the client reports. */
  const reasons = () => {
    const kept: string[] = [];
    const warn = (details: { reason: string }) => void kept.push(details.reason);
    return { kept, log: { warn } as unknown as GeocoderClientOptions['log'] };
  };
  const params = (i = 0) => Object.fromEntries(fake.requests[i]?.url.searchParams ?? []);

  it('[PLACES-LOOKUP-07] Photon: asks /api?q=&limit= in English, maps each feature to a candidate, drops the unusable ones', async () => {
    fake.behaviour = json(200, photonMarket);
    const hits = await client('photon').search('  time out   market ');
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]?.url.pathname).toBe('/api');
    expect(params()).toEqual({ q: 'time out market', limit: '10' });
    expect(fake.requests[0]?.headers['accept-language']).toBe('en');
    expect(fake.requests[0]?.headers['user-agent']).toBe('Tripcrew/test (http://localhost:3000)');
    // building=yes says less than its key: the kind is "building".
    expect(hits).toEqual([marketCandidate, numberCandidate('building')]);
  });

  it('[PLACES-LOOKUP-07] Photon: near a point adds lat and lon (rounded to 0.01°); reverse asks /reverse?lat=&lon=', async () => {
    fake.behaviour = json(200, photonMarket);
    await client('photon').search('time out market', { lat: 38.70694, lng: -9.14587 });
    expect(params()).toEqual({ q: 'time out market', limit: '10', lat: '38.71', lon: '-9.15' });

    fake.behaviour = json(200, { type: 'FeatureCollection', features: photonMarket.features.slice(0, 1) });
    const at = await client('photon').reverse({ lat: 38.706912, lng: -9.145934 });
    expect(fake.requests[1]?.url.pathname).toBe('/reverse');
    expect(params(1)).toEqual({ lat: '38.70691', lon: '-9.14593' });
    expect(at).toEqual([marketCandidate]);

    // Nothing there: an empty list, not a failure.
    fake.behaviour = json(200, { type: 'FeatureCollection', features: [] });
    expect(await client('photon').reverse({ lat: 0, lng: -30 })).toEqual([]);
  });

  it('[PLACES-LOOKUP-07] Nominatim: asks /search with format=jsonv2, addressdetails=1 and a User-Agent naming Tripcrew; an unnamed address is named after its street', async () => {
    fake.behaviour = json(200, nominatimMarket);
    const hits = await client('nominatim').search('Time Out Market');
    expect(fake.requests[0]?.url.pathname).toBe('/search');
    expect(params()).toEqual({ q: 'Time Out Market', limit: '10', format: 'jsonv2', addressdetails: '1' });
    expect(fake.requests[0]?.headers['user-agent']).toMatch(/^Tripcrew\//);
    expect(fake.requests[0]?.headers['accept-language']).toBe('en');
    expect(hits).toEqual([marketCandidate, numberCandidate('house')]);
  });

  it('[PLACES-LOOKUP-07] Nominatim: near a point adds a viewbox around it, not bounded; reverse reads the one place, or none', async () => {
    fake.behaviour = json(200, nominatimMarket);
    await client('nominatim').search('Time Out Market', MARKET);
    expect(params()).toMatchObject({ viewbox: '-9.40,38.96,-8.90,38.46', bounded: '0' });

    fake.behaviour = json(200, nominatimMarket[0]);
    const at = await client('nominatim').reverse(MARKET);
    expect(fake.requests[1]?.url.pathname).toBe('/reverse');
    expect(params(1)).toEqual({ lat: '38.70690', lon: '-9.14590', format: 'jsonv2', addressdetails: '1' });
    expect(at).toEqual([marketCandidate]);

    // Nominatim's answer when nothing is there: 200 {"error": "Unable to geocode"}.
    fake.behaviour = json(200, { error: 'Unable to geocode' });
    expect(await client('nominatim').reverse({ lat: 0, lng: -30 })).toEqual([]);
  });

  it('[PLACES-LOOKUP-08] errors, bad JSON and unexpected shapes answer null and never throw; failures are not cached', async () => {
    for (const api of ['photon', 'nominatim'] as const) {
      const geocoder = client(api);
      for (const bad of [
        json(500, '{"message":"internal error"}'),
        json(404, api === 'photon' ? photonMarket : nominatimMarket),
        json(200, 'not json{'),
        json(200, ''),
        json(200, { features: 'none' }),
        json(200, api === 'photon' ? [] : { results: [] }),
      ]) {
        fake.behaviour = bad;
        expect(await geocoder.search('time out market')).toBeNull();
        expect(await geocoder.reverse(MARKET)).toBeNull();
      }
      // The next good answer is used.
      fake.behaviour = json(200, api === 'photon' ? photonMarket : nominatimMarket);
      expect((await geocoder.search('time out market'))?.[0]).toEqual(marketCandidate);
    }
  });

  it('[PLACES-LOOKUP-08] a body over the cap answers null, whether its length is declared or not', async () => {
    const big = JSON.stringify({ ...photonMarket, padding: 'x'.repeat(20_000) });
    const { kept, log } = reasons();
    fake.behaviour = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(big) });
      res.end(big);
    };
    expect(await client('photon', { maxBodyBytes: 10_000, log }).search('time out market')).toBeNull();
    fake.behaviour = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }); // chunked: no Content-Length
      res.write(big.slice(0, 8_000));
      setTimeout(() => res.end(big.slice(8_000)), 10);
    };
    expect(await client('photon', { maxBodyBytes: 10_000, log }).search('time out market')).toBeNull();
    expect(kept).toEqual(['body over 10000 bytes', 'body over 10000 bytes']);
    // Under the cap: read.
    fake.behaviour = json(200, big);
    expect(await client('photon', { maxBodyBytes: 30_000 }).search('time out market')).toHaveLength(2);
  });

  it('[PLACES-LOOKUP-08] a server that does not answer in time, or is not there, gives null', async () => {
    fake.behaviour = (_req, res) => {
      fake.pending.add(res); // never answers
    };
    const started = Date.now();
    expect(await client('nominatim', { timeoutMs: 150 }).search('time out market')).toBeNull();
    expect(await client('photon', { timeoutMs: 150 }).reverse(MARKET)).toBeNull();
    expect(Date.now() - started).toBeLessThan(2_000);
    const gone = createGeocoderClient({ baseUrl: 'http://127.0.0.1:9/', api: 'photon', timeoutMs: 500 });
    expect(await gone.search('time out market')).toBeNull();
  });

  it('[PLACES-LOOKUP-09] a second identical search (or reverse) is a cache hit: no second request', async () => {
    fake.behaviour = json(200, photonMarket);
    const geocoder = client('photon');
    const first = await geocoder.search('Time Out Market');
    // The same words, spaced and cased otherwise, are the same search.
    expect(await geocoder.search(' time out  market')).toEqual(first);
    expect(fake.requests).toHaveLength(1);
    // Near another point, or other words: another request.
    await geocoder.search('Time Out Market', MARKET);
    await geocoder.search('Time Out');
    expect(fake.requests).toHaveLength(3);
    await geocoder.reverse(MARKET);
    await geocoder.reverse({ lat: MARKET.lat + 1e-7, lng: MARKET.lng });
    expect(fake.requests).toHaveLength(4);
  });

  it('[PLACES-LOOKUP-07] the address is "street number, postcode city, country" from what is present', () => {
    expect(
      formatAddress({
        street: 'Avenida 24 de Julho',
        housenumber: '49',
        postcode: '1200-479',
        city: 'Lisboa',
        country: 'Portugal',
      }),
    ).toBe('Avenida 24 de Julho 49, 1200-479 Lisboa, Portugal');
    expect(formatAddress({ city: 'Sintra', country: 'Portugal' })).toBe('Sintra, Portugal');
    // A number without its street says nothing.
    expect(formatAddress({ housenumber: '7', postcode: '2710-616', country: 'Portugal' })).toBe(
      '2710-616, Portugal',
    );
    expect(formatAddress({})).toBe('');
  });
});
