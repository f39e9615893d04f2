import type { FeatureMapPointsResponse, FeatureSearchResponse } from '@tripcrew/contracts/features';
import type { Place } from '@tripcrew/contracts/places';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';

describe('GET /api/core/features/map-points', () => {
  let t: TestApp;
  let paris: Place;
  const get = (url: string) => t.request({ method: 'GET', url });
  const points = async (query: string) => {
    const res = await get(`/api/core/features/map-points?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as FeatureMapPointsResponse;
  };
  beforeAll(async () => {
    t = await createTestApp({ CATALOGUE_CACHE_CHECK_MS: '0' });
    paris = (await get('/api/core/places/search?country=france&place=paris')).json() as Place;
  });
  afterAll(() => t.close());

  it('[MAP-15] answers every positioned feature of the place in one answer, in the search order', async () => {
    const map = await points(`placeId=${paris._id}`);
    const all: FeatureSearchResponse['data'] = [];
    for (let skip = 0, total = Infinity; skip < total; skip += 50) {
      const page = (
        await get(`/api/core/features/search?placeId=${paris._id}&skip=${skip}&limit=50`)
      ).json() as FeatureSearchResponse;
      total = page.total;
      all.push(...page.data);
    }
    const positioned = all.filter((feature) => feature.coordinates !== null);
    expect(map.total).toBe(positioned.length);
    expect(map.data.map((point) => point._id)).toEqual(positioned.map((feature) => feature._id));
    const [first] = map.data;
    const same = positioned[0]!;
    expect(first).toEqual({
      _id: same._id,
      title: same.title,
      categoryId: same.categoryId,
      model: same.model,
      coordinates: same.coordinates,
    });
  });

  it('[MAP-15] the categories filter narrows the points as it narrows the search', async () => {
    const sub = await points(`placeId=${paris._id}&categories=art%20museums`);
    expect(sub.total).toBeGreaterThan(0);
    for (const point of sub.data) expect(point.categoryId).toContain('art museums');
    const france = (await get('/api/core/places/search?country=france')).json() as Place;
    const country = await points(`placeId=${france._id}`);
    expect(country.total).toBeGreaterThan(sub.total);
  });

  it('[MAP-15] bad input is a 400 naming the problem, an unknown place a 404, never a 5xx', async () => {
    const missing = await get('/api/core/features/map-points');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/placeId/);
    const unknownCategory = await get(
      `/api/core/features/map-points?placeId=${paris._id}&categories=karaoke%20caves`,
    );
    expect(unknownCategory.statusCode).toBe(400);
    expect(unknownCategory.json().message).toContain('karaoke caves');
    const extra = await get(`/api/core/features/map-points?placeId=${paris._id}&skip=3`);
    expect(extra.statusCode).toBe(400);
    expect(
      (await get('/api/core/features/map-points?placeId=00000000-0000-4000-8000-000000000000')).statusCode,
    ).toBe(404);
    const sqlish = encodeURIComponent("'; drop table features; --");
    expect((await get(`/api/core/features/map-points?placeId=${sqlish}`)).statusCode).toBe(404);
  });
});
