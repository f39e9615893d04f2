import { categoriesResponseSchema } from '@tripcrew/contracts/categories';
import type { Feature, FeatureSearchResponse } from '@tripcrew/contracts/features';
import { placeSchema, type Place } from '@tripcrew/contracts/places';
import { suggestionsResponseSchema } from '@tripcrew/contracts/suggestions';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';
import { bumpCatalogueVersion } from '../../places/index.ts';
import { places } from '../../places/core/places.table.ts';
import type { FeatureInput } from './features.repository.ts';
import { refreshFeatureCounts, saveFeatures } from './features.service.ts';
import { features } from './features.table.ts';

/**
 * PERF-02: the catalogue reads that npm run bench measures keep their behaviour with the faster
 * paths (feature pages through the order index, totals without a count per request, cached
 * serialized reads, cached autocomplete answers). Behaviour only; the bench measures time.
 */
describe('[PERF-02] catalogue reads', () => {
  let t: TestApp;
  // Unique per run: the PostgreSQL test database is shared across runs.
  const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.request({ method: 'GET', url, headers });
  const search = async (placeId: string, query: string) => {
    const res = await get(`/api/core/features/search/?placeId=${placeId}&${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as FeatureSearchResponse;
  };
  const feature = (placeId: string, i: number, categories: string[]): FeatureInput => ({
    key: `test:perf:${run}:${placeId}:${i}`,
    placeId,
    countryCode: 'TQ',
    regionCode: null,
    // Ties on rank and title (the id decides), and unranked features (last).
    title: `perf ${i % 3}`,
    address: `${i} Test Street`,
    description: 'A feature made by a test.',
    rank: i % 7 === 0 ? null : i % 5,
    categories,
    model: 'places',
    lat: 1,
    lng: 1,
    imageOriginal: null,
    source: 'test',
    facts: null,
    timeZone: null,
  });

  /** A place of its own with `count` features, half landmarks and half viewpoints. */
  async function placeWithFeatures(label: string, count: number): Promise<string> {
    const [row] = await t.database.db
      .insert(places)
      .values({
        sourceKey: `test:perf:${run}:${label}`,
        type: 'City',
        title: `Perfville ${label} ${run}`,
        searchName: `perfville ${label} ${run}`,
        country: 'Testland',
        countryCode: 'TQ',
      })
      .returning({ id: places.id });
    const placeId = row!.id;
    await saveFeatures(
      t.database.db,
      Array.from({ length: count }, (_, i) =>
        feature(placeId, i, [i % 2 === 0 ? 'landmarks' : 'viewpoints']),
      ),
    );
    return placeId;
  }

  beforeAll(async () => {
    // Version checks on every read, so a bump is seen at once.
    t = await createTestApp({ CATALOGUE_CACHE_CHECK_MS: '0' });
  });
  afterAll(async () => {
    await t.database.db.delete(places).where(like(places.sourceKey, `test:perf:${run}:%`));
    await refreshFeatureCounts(t.database.db);
    await bumpCatalogueVersion(t.database.db);
    await t.close();
  });

  it('[PERF-02] [FEATURE-06] pages visit every feature once in (rank, title, id) order, unranked last; the total is the feature count', async () => {
    const placeId = await placeWithFeatures('paging', 57);
    const place = (await get(`/api/core/places/place/${placeId}`)).json() as Place;
    expect(place.featureCount).toBe(57);
    const seen: Feature[] = [];
    for (let skip = 0; skip < 57; skip += 8) {
      const page = await search(placeId, `skip=${skip}&limit=8`);
      expect(page.total).toBe(57);
      seen.push(...page.data);
    }
    const key = (f: Feature) => [f.rank ?? Number.MAX_SAFE_INTEGER, f.title, f._id] as const;
    const expected = [...seen].sort((a, b) => {
      const [ra, ta, ia] = key(a);
      const [rb, tb, ib] = key(b);
      return ra - rb || (ta < tb ? -1 : ta > tb ? 1 : 0) || (ia < ib ? -1 : ia > ib ? 1 : 0);
    });
    expect(seen.map((f) => f._id)).toEqual(expected.map((f) => f._id));
    expect(new Set(seen.map((f) => f._id)).size).toBe(57);
    expect(seen.at(-1)!.rank).toBeNull();
    const beyond = await search(placeId, 'skip=1000&limit=10');
    expect(beyond).toEqual({ data: [], total: 57 });
  });

  it('[PERF-02] [FEATURE-05] a filtered total is counted once per catalogue version; saving features refreshes every total', async () => {
    const placeId = await placeWithFeatures('totals', 57);
    const landmarks = await search(placeId, 'categories=landmarks&limit=50');
    expect(landmarks.total).toBe(29);
    expect(landmarks.data.every((f) => f.categoryId.includes('landmarks'))).toBe(true);

    // A change behind the cache's back keeps the counted total until the version changes ...
    await t.database.db
      .update(features)
      .set({ categories: ['landmarks'] })
      .where(eq(features.key, `test:perf:${run}:${placeId}:1`));
    expect((await search(placeId, 'categories=landmarks')).total).toBe(29);
    await bumpCatalogueVersion(t.database.db);
    expect((await search(placeId, 'categories=landmarks')).total).toBe(30);

    // ... and saving features (seed, import) refreshes the feature count and bumps the version.
    await saveFeatures(
      t.database.db,
      [57, 58, 59].map((i) => feature(placeId, i, ['landmarks'])),
    );
    expect((await search(placeId, 'categories=landmarks')).total).toBe(33);
    expect((await search(placeId, 'limit=1')).total).toBe(60);
    const place = (await get(`/api/core/places/place/${placeId}`)).json() as Place;
    expect(place.featureCount).toBe(60);
  });

  it('[PERF-02] [FEATURE-06] feature pages repeat from a cache of the catalogue version; a save shows the change at once', async () => {
    const placeId = await placeWithFeatures('pages', 12);
    const first = await get(`/api/core/features/search/?placeId=${placeId}&skip=0&limit=5`);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    const page = first.json() as FeatureSearchResponse;
    expect(page.data).toHaveLength(5);
    // The cached bytes are the contract's JSON of the same result.
    expect(first.body).toBe(JSON.stringify(page));

    // Written behind the cache's back: the page is kept ...
    const top = page.data[0]!;
    await t.database.db
      .update(features)
      .set({ title: `renamed ${run}` })
      .where(eq(features.id, top._id));
    expect((await search(placeId, 'skip=0&limit=5')).data[0]!.title).toBe(top.title);
    // ... a different page or filter is its own entry, and the category order does not matter ...
    const both = await search(placeId, 'categories=viewpoints,landmarks&limit=50');
    expect(await search(placeId, 'categories=landmarks, viewpoints&limit=50')).toEqual(both);
    // ... and a version change (every seed or import that changes features) drops every page.
    await bumpCatalogueVersion(t.database.db);
    const renamed = await search(placeId, 'skip=0&limit=5');
    expect(renamed.data.map((f) => f.title)).toContain(`renamed ${run}`);
    await saveFeatures(t.database.db, [feature(placeId, 12, ['landmarks'])]);
    expect((await search(placeId, 'skip=0&limit=50')).total).toBe(13);
    expect((await search(placeId, 'skip=0&limit=50')).data).toHaveLength(13);
  });

  it('[PERF-02] [FEATURE-09] cached reads send the contract JSON with an ETag of its bytes: instances agree, 304 on a match, a change gives new bytes', async () => {
    const other = await createTestApp({ CATALOGUE_CACHE_CHECK_MS: '0' }, { database: t.database });
    try {
      const lisbon = (await get('/api/core/places/search?country=portugal&place=lisbon')).json() as Place;
      const reads = [
        { url: '/api/core/categories/all', schema: categoriesResponseSchema },
        { url: '/api/core/suggestions', schema: suggestionsResponseSchema },
        { url: `/api/core/places/place/${lisbon._id}`, schema: placeSchema },
      ];
      for (const { url, schema } of reads) {
        const first = await get(url);
        expect(first.statusCode, url).toBe(200);
        expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(first.headers['cache-control']).toMatch(/^public, max-age=\d+/);
        expect(first.body).toBe(JSON.stringify(schema.parse(first.json())));
        const again = await get(url);
        expect(again.body).toBe(first.body);
        const elsewhere = await other.app.inject({ method: 'GET', url });
        expect(elsewhere.headers.etag, url).toBe(first.headers.etag);
        expect(elsewhere.body).toBe(first.body);
        const notModified = await get(url, { 'if-none-match': `W/${first.headers.etag as string}` });
        expect(notModified.statusCode, url).toBe(304);
        expect(notModified.body).toBe('');
      }

      const placeId = await placeWithFeatures('cached', 1);
      const url = `/api/core/places/place/${placeId}`;
      const before = await get(url);
      await t.database.db
        .update(places)
        .set({ short: `Changed by a test ${run}.` })
        .where(eq(places.id, placeId));
      await bumpCatalogueVersion(t.database.db);
      const after = await get(url);
      expect((after.json() as Place).short).toBe(`Changed by a test ${run}.`);
      expect(after.headers.etag).not.toBe(before.headers.etag);
      expect((await get(url, { 'if-none-match': before.headers.etag as string })).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('[PERF-02] [SEARCH-10] autocomplete answers repeat from a cache of the catalogue version; a seed or import that changes places shows the new ones', async () => {
    const name = `${run.replace(/[^a-z]/g, '')}qvzkperf`;
    const autocomplete = async (q: string) => {
      const res = await get(`/api/core/places/autocomplete?q=${encodeURIComponent(q)}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      return res.json() as Place[];
    };
    const titles = async (q: string) => (await autocomplete(q)).map((p) => p.title);
    expect(await titles(name)).not.toContain(name);
    await t.database.db.insert(places).values({
      sourceKey: `test:perf:${run}:autocomplete`,
      type: 'City',
      title: name,
      searchName: name,
      country: 'Testland',
      countryCode: 'TQ',
      population: 10,
    });
    try {
      // Written behind the cache's back: the answer for this query is kept ...
      expect(await titles(name)).not.toContain(name);
      // ... until the catalogue version changes, as every seed or import that changes places does.
      await bumpCatalogueVersion(t.database.db);
      const found = await autocomplete(name.toUpperCase());
      expect(found[0]?.title).toBe(name);
      expect(placeSchema.parse(found[0])).toEqual(found[0]);
      expect(await autocomplete(` ${name} `)).toEqual(found);
    } finally {
      await t.database.db.delete(places).where(eq(places.sourceKey, `test:perf:${run}:autocomplete`));
    }
  });
});
