import type { Category } from '@tripcrew/contracts/categories';
import type { Feature, FeatureSearchResponse } from '@tripcrew/contracts/features';
import type { Place } from '@tripcrew/contracts/places';
import type { Suggestion } from '@tripcrew/contracts/suggestions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';
import { runSeeds } from '../../../db/seed/index.ts';

describe('features, categories, suggestions, images', () => {
  let t: TestApp;
  let paris: Place;
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.request({ method: 'GET', url, headers });
  const search = async (query: string) => {
    const res = await get(`/api/core/features/search/?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as FeatureSearchResponse;
  };
  beforeAll(async () => {
    t = await createTestApp({ CATALOGUE_CACHE_CHECK_MS: '0' });
    const res = await get('/api/core/places/search?country=france&place=paris');
    paris = res.json() as Place;
  });
  afterAll(() => t.close());

  it('[FEATURE-03] returns {data, total} with the fields of a feature', async () => {
    const page = await search(`placeId=${paris._id}&skip=0&limit=10`);
    expect(page.total).toBeGreaterThanOrEqual(15);
    expect(page.data).toHaveLength(10);
    const [first] = page.data as [Feature];
    expect(first).toMatchObject({ title: 'Eiffel Tower', rank: 1, model: 'places', placeId: paris._id });
    expect(first.address).toMatch(/Paris/);
    expect(first.image.original).toBe('/api/core/images/feature/paris-eiffel-tower.svg');
    expect(first.categoryId).toContain('landmarks');
  });

  it('[FACTS-01] a feature carries its hours (with when they were checked), visit, price and the zone of its point', async () => {
    const lisbon = (await get('/api/core/places/search?country=portugal&place=lisbon')).json() as Place;
    const page = await search(`placeId=${lisbon._id}&limit=50`);
    // By the curated key in the artwork's path: an importer test may add an OSM feature of the same name.
    const byKey = new Map(
      page.data.map((feature) => [feature.image.original.replace(/^.*\/feature\/|\.svg$/g, ''), feature]),
    );
    expect(byKey.get('lisbon-gulbenkian-museum')).toMatchObject({
      timeZone: 'Europe/Lisbon',
      facts: {
        hours: expect.stringMatching(/^We-Mo 10:00-18:00/),
        hoursChecked: { month: expect.stringMatching(/^\d{4}-\d{2}$/), source: expect.any(String) },
        durationMinutes: 150,
        priceLevel: 'low',
        website: 'https://gulbenkian.pt',
        osmId: null,
      },
    });
    // An open-air viewpoint: always open, free, a short stop; no ticket.
    expect(byKey.get('lisbon-miradouro-de-santa-luzia')).toMatchObject({
      timeZone: 'Europe/Lisbon',
      facts: { hours: '24/7', durationMinutes: 20, priceLevel: 'free', ticketPrice: null },
    });
    const [eiffel] = (await search(`placeId=${paris._id}&limit=1`)).data;
    expect(eiffel?.timeZone).toBe('Europe/Paris');
  });

  it('[FEATURE-06] [PLACE-13] paging through every feature visits each exactly once, in rank order', async () => {
    const seen: Feature[] = [];
    let total = Infinity;
    for (let skip = 0; skip < total; skip += 4) {
      const page = await search(`placeId=${paris._id}&skip=${skip}&limit=4`);
      total = page.total;
      seen.push(...page.data);
    }
    expect(seen).toHaveLength(total);
    expect(new Set(seen.map((f) => f._id)).size).toBe(total);
    const ranks = seen.map((f) => f.rank ?? Infinity);
    expect([...ranks].sort((a, b) => a - b)).toEqual(ranks);
  });

  it('[FEATURE-04] a country or region also returns the features of the places inside it', async () => {
    const france = (await get('/api/core/places/search?country=france')).json() as Place;
    const all = await search(`placeId=${france._id}&limit=50`);
    expect(all.total).toBeGreaterThan(15);
    expect(all.data.some((f) => f.placeId === paris._id)).toBe(true);
    expect(france.featureCount).toBe(all.total);
  });

  it('[FEATURE-05] [PLACE-10] the categories filter matches a subcategory, and a top category with its subcategories', async () => {
    const sub = await search(`placeId=${paris._id}&categories=art%20museums`);
    expect(sub.total).toBeGreaterThan(0);
    for (const f of sub.data) expect(f.categoryId).toContain('art museums');
    const top = await search(`placeId=${paris._id}&categories=museums%20and%20culture&limit=50`);
    expect(top.total).toBeGreaterThanOrEqual(sub.total);
    expect(top.data.some((f) => f.categoryId.includes('art museums'))).toBe(true);
    const both = await search(
      `placeId=${paris._id}&categories=art%20museums,${encodeURIComponent('food and drink')}&limit=50`,
    );
    expect(both.total).toBeGreaterThan(sub.total);
  });

  it('[FEATURE-07] a negative skip answers 400, a huge limit is capped, an unknown category is a 400 naming it', async () => {
    const negative = await get(`/api/core/features/search/?placeId=${paris._id}&skip=-1`);
    expect(negative.statusCode).toBe(400);
    const huge = await search(`placeId=${paris._id}&limit=100000`);
    expect(huge.data.length).toBeLessThanOrEqual(50);
    const unknown = await get(`/api/core/features/search/?placeId=${paris._id}&categories=karaoke%20caves`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain('karaoke caves');
  });

  it('[FEATURE-07] SQL-looking input and unknown places never answer 5xx', async () => {
    const sqlish = encodeURIComponent("'; drop table features; --");
    expect((await get(`/api/core/features/search/?placeId=${sqlish}`)).statusCode).toBe(404);
    expect(
      (await get(`/api/core/features/search/?placeId=${paris._id}&categories=${sqlish}`)).statusCode,
    ).toBe(400);
    expect(
      (await get('/api/core/features/search/?placeId=00000000-0000-4000-8000-000000000000')).statusCode,
    ).toBe(404);
    expect((await get('/api/core/features/search/')).statusCode).toBe(400);
    expect((await search(`placeId=${paris._id}`)).total).toBeGreaterThan(0);
  });

  it('[FEATURE-08] [DATA-05] categories have title, subcategories and icon', async () => {
    const res = await get('/api/core/categories/all');
    expect(res.statusCode).toBe(200);
    const categories = res.json() as Category[];
    expect(categories.length).toBeGreaterThanOrEqual(8);
    for (const c of categories) {
      expect(c.title).toBeTruthy();
      expect(c.icon).toBeTruthy();
      expect(c.subcategories.length).toBeGreaterThan(0);
    }
  });

  it('[FEATURE-08] [DATA-06] suggestions have id, title, image, description, days, icons and place', async () => {
    const res = await get('/api/core/suggestions');
    expect(res.statusCode).toBe(200);
    const suggestions = res.json() as Suggestion[];
    expect(suggestions.length).toBeGreaterThanOrEqual(12);
    for (const s of suggestions) {
      expect(s.image).toMatch(/^\/api\/core\/images\/place\/.+\.svg$/);
      expect(s.days).toBeGreaterThan(0);
      expect(s.icons.length).toBeGreaterThan(0);
      const place = await get(`/api/core/places/place/${s.place._id}`);
      expect(place.statusCode).toBe(200);
      expect((place.json() as Place).featureCount, s.title).toBeGreaterThan(0);
    }
  });

  it('[FEATURE-09] categories and suggestions answer with Cache-Control and ETag, 304 on a match', async () => {
    for (const url of ['/api/core/categories/all', '/api/core/suggestions']) {
      const first = await get(url);
      expect(first.headers['cache-control']).toMatch(/max-age=\d+/);
      const again = await get(url, { 'if-none-match': first.headers.etag as string });
      expect(again.statusCode, url).toBe(304);
    }
  });

  it('[DATA-08] [FEATURE-10] re-seeding changes nothing (same ETag); changed data yields a new ETag', async () => {
    const before = await get('/api/core/categories/all');
    await runSeeds(t.database, { demo: false, places: 'curated' });
    const after = await get('/api/core/categories/all');
    expect(after.headers.etag).toBe(before.headers.etag);
    await t.database.db.execute(
      // A change made behind the cache's back, then announced the way seeds and imports do.
      (await import('drizzle-orm')).sql`update categories set icon = '🧪' where title = 'sights'`,
    );
    const { bumpCatalogueVersion } = await import('../../places/core/places.service.ts');
    await bumpCatalogueVersion(t.database.db);
    const changed = await get('/api/core/categories/all');
    expect(changed.headers.etag).not.toBe(before.headers.etag);
    expect((changed.json() as Category[]).find((c) => c.title === 'sights')?.icon).toBe('🧪');
    await runSeeds(t.database, { demo: false, places: 'curated' });
    const restored = await get('/api/core/categories/all');
    expect((restored.json() as Category[]).find((c) => c.title === 'sights')?.icon).not.toBe('🧪');
  });

  it('[DATA-07] every place and feature has a distinct generated SVG served locally, immutable, compress ignored', async () => {
    const page = await search(`placeId=${paris._id}&limit=3`);
    const bodies = new Set<string>();
    for (const url of [...page.data.map((f) => f.image.original), paris.image.original]) {
      const res = await get(`${url}?compress=540x540`);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/image\/svg\+xml/);
      expect(res.headers['cache-control']).toMatch(/immutable/);
      expect(res.body).toMatch(/^<svg/);
      bodies.add(res.body);
    }
    expect(bodies.size).toBe(4);
    const again = await get(page.data[0]!.image.original);
    expect(again.body).toBe([...bodies][0]);
    // [INPUT-06] a hint is ignored, but it is still text: control or direction characters are a 400.
    for (const bad of ['540%00x540', '%E2%80%AEgpj', '%1B%5B31m']) {
      const res = await get(`${paris.image.original}?compress=${bad}`);
      expect(res.statusCode, bad).toBe(400);
    }
    expect((await get(`${paris.image.original}?compress=a&compress=b`)).statusCode).toBe(200);
  });

  it('[DATA-07] image paths are validated strictly', async () => {
    for (const url of [
      '/api/core/images/place/..%2F..%2Fetc%2Fpasswd.svg',
      '/api/core/images/other/paris-eiffel-tower.svg',
      '/api/core/images/feature/paris-eiffel-tower.png',
      '/api/core/images/feature/no-such-feature.svg',
      '/api/core/images/place/not-a-uuid.svg',
    ]) {
      const res = await get(url);
      expect([400, 404], url).toContain(res.statusCode);
    }
  });
});
