import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { useFakeHttpServer } from '../../../../test/helpers/fake-http-server.ts';
import { createOsrmClient, GEOMETRY_MAX_POINTS, thin } from './route-osrm-client.ts';

const A = { lng: -9.1394, lat: 38.7139 };
const B = { lng: -9.1364, lat: 38.7075 };

const okRoute = (points = 3) =>
  JSON.stringify({
    code: 'Ok',
    routes: [
      {
        distance: 1234.4,
        duration: 901.6,
        geometry: {
          type: 'LineString',
          coordinates: Array.from({ length: points }, (_, i) => [-9.1394 + i * 1e-4, 38.7139 - i * 1e-4]),
        },
      },
    ],
  });

describe('OSRM client', () => {
  const fake = useFakeHttpServer();

  const json = (status: number, body: string) => (_req: IncomingMessage, res: ServerResponse) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(body);
  };

  it('[ROUTE-03] asks /route/v1/{profile}/{lng,lat;lng,lat} with full GeoJSON overview and reads the first route', async () => {
    fake.behaviour = json(200, okRoute());
    const client = createOsrmClient({ baseUrl: fake.baseUrl });
    const leg = await client.leg(A, B, 'foot');
    expect(fake.paths).toEqual([
      '/route/v1/foot/-9.13940,38.71390;-9.13640,38.70750?overview=full&geometries=geojson',
    ]);
    expect(leg).toEqual({
      distanceM: 1234,
      durationS: 902,
      geometry: [
        [-9.1394, 38.7139],
        [-9.1393, 38.7138],
        [-9.1392, 38.7137],
      ],
    });
  });

  it('[ROUTE-03] a second ask for the same pair and profile is a cache hit: no second request', async () => {
    fake.behaviour = json(200, okRoute());
    const client = createOsrmClient({ baseUrl: fake.baseUrl });
    await client.leg(A, B, 'driving');
    // Rounded to 5 decimals (~1 m): a point 0.1 m away is the same key.
    const again = await client.leg({ lng: A.lng + 1e-6, lat: A.lat }, B, 'driving');
    expect(again?.distanceM).toBe(1234);
    expect(fake.paths).toHaveLength(1);
    // Another profile is another key.
    await client.leg(A, B, 'foot');
    expect(fake.paths).toHaveLength(2);
  });

  it('[ROUTE-03] errors, bad JSON, no route and wrong shapes answer null (the caller estimates), never throw', async () => {
    const client = createOsrmClient({ baseUrl: fake.baseUrl });
    for (const bad of [
      json(500, '{"code":"Error"}'),
      json(200, 'not json{'),
      json(200, '{"code":"NoRoute","routes":[]}'),
      json(200, '{"code":"Ok","routes":[{"distance":"far","duration":1,"geometry":null}]}'),
      json(404, okRoute()),
    ]) {
      fake.behaviour = bad;
      expect(await client.leg(A, B, 'foot')).toBeNull();
    }
    // Failures are not cached: the next good answer is used.
    fake.behaviour = json(200, okRoute());
    expect((await client.leg(A, B, 'foot'))?.distanceM).toBe(1234);
  });

  it('[ROUTE-03] a server that does not answer in time gives null after the timeout', async () => {
    fake.behaviour = (_req, res) => {
      fake.pending.add(res); // never answers
    };
    const client = createOsrmClient({ baseUrl: fake.baseUrl, timeoutMs: 150 });
    const started = Date.now();
    expect(await client.leg(A, B, 'foot')).toBeNull();
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('[ROUTE-03] an unreachable server gives null', async () => {
    const client = createOsrmClient({ baseUrl: 'http://127.0.0.1:9/', timeoutMs: 500 });
    expect(await client.leg(A, B, 'driving')).toBeNull();
  });

  it('[ROUTE-03] long geometries are thinned, keeping both ends', async () => {
    fake.behaviour = json(200, okRoute(2_000));
    const leg = await createOsrmClient({ baseUrl: fake.baseUrl }).leg(A, B, 'driving');
    expect(leg?.geometry).toHaveLength(GEOMETRY_MAX_POINTS);
    expect(leg?.geometry[0]).toEqual([-9.1394, 38.7139]);
    const line = Array.from({ length: 1000 }, (_, i) => [i, i]);
    expect(thin(line, 10).at(-1)).toEqual([999, 999]);
  });
});
