import type { Place } from '@tripcrew/contracts/places';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';
import { places } from './places.table.ts';

describe('places', () => {
  let t: TestApp;
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.request({ method: 'GET', url, headers });
  const autocomplete = async (q: string) => {
    const res = await get(`/api/core/places/autocomplete?q=${encodeURIComponent(q)}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Place[];
  };
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('[SEARCH-09] a query shorter than 3 characters after trimming answers 400 with a clear message', async () => {
    for (const q of ['', 'ab', '  ab  ']) {
      const res = await get(`/api/core/places/autocomplete?q=${encodeURIComponent(q)}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/at least 3 characters/);
    }
  });

  it('[SEARCH-10] returns at most 10 places, the exact match and bigger places first', async () => {
    const paris = await autocomplete('Paris');
    expect(paris.length).toBeLessThanOrEqual(10);
    expect(paris[0]).toMatchObject({ title: 'Paris', countryCode: 'FR' });
    const many = await autocomplete('san');
    expect(many.length).toBe(10);
    const lon = await autocomplete('Lond');
    expect(lon[0]).toMatchObject({ title: 'London', type: 'City', countryCode: 'GB' });
  });

  it('[SEARCH-10] ranks the exact match, then prefix matches, then close matches; bigger first within each', async () => {
    // Invented names, unique per run (the PostgreSQL test database is shared across runs).
    const base = `qvzk${Array.from({ length: 4 }, () => 'bcdfghjlmnpr'[Math.floor(Math.random() * 12)]).join('')}`;
    const typo = `${base.slice(0, -1)}${base.endsWith('t') ? 's' : 't'}`;
    const place = (key: string, title: string, population: number) => ({
      sourceKey: `test:${base}:${key}`,
      type: 'City' as const,
      title,
      searchName: title,
      country: 'Testland',
      countryCode: 'TL',
      population,
    });
    await t.database.db
      .insert(places)
      .values([
        place('typo', typo, 9_000_000),
        place('small', `${base} small`, 5_000),
        place('exact', base, 10),
        place('big', `${base} big`, 100_000),
      ])
      .onConflictDoNothing();
    const titles = (await autocomplete(base.toUpperCase())).map((p) => p.title);
    expect(titles).toEqual([base, `${base} big`, `${base} small`, typo]);
  });

  it('[SEARCH-11] tolerates accents and small typos', async () => {
    expect((await autocomplete('Sao Paulo'))[0]).toMatchObject({ title: 'São Paulo', countryCode: 'BR' });
    expect((await autocomplete('Lisbn'))[0]).toMatchObject({ title: 'Lisbon', countryCode: 'PT' });
    expect((await autocomplete('zürich')).some((p) => p.countryCode === 'CH')).toBe(true);
  });

  it('[SEARCH-11] SQL-looking or wildcard input is plain text, never a 5xx', async () => {
    for (const q of ["'; drop table places; --", '%%%', '___', 'a\\b%c']) {
      const res = await get(`/api/core/places/autocomplete?q=${encodeURIComponent(q)}`);
      expect(res.statusCode, q).toBe(200);
    }
    expect((await autocomplete('Paris')).length).toBeGreaterThan(0);
  });

  it('[DATA-02] a place has id, title, type, country, region, short, image with credits, coordinates and population', async () => {
    const [lisbon] = await autocomplete('Lisbon');
    const res = await get(`/api/core/places/place/${lisbon!._id}`);
    expect(res.statusCode).toBe(200);
    const place = res.json() as Place;
    expect(place).toMatchObject({ _id: lisbon!._id, title: 'Lisbon', type: 'City', country: 'Portugal' });
    expect(place.short.length).toBeGreaterThan(10);
    expect(place.image).toMatchObject({ photographer: 'Tripcrew artwork', source: 'tripcrew' });
    expect(place.image.original).toBe(`/api/core/images/place/${place._id}.svg`);
    expect(place.coordinates).toEqual({ lat: expect.any(Number), lng: expect.any(Number) });
    expect(place.population).toBeGreaterThan(100_000);
    expect(place.featureCount).toBeGreaterThanOrEqual(15);
  });

  it('[PLACE-05] unknown or malformed place ids answer 404 with a clear message', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id', "1' or '1'='1"]) {
      const res = await get(`/api/core/places/place/${encodeURIComponent(id)}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json().message).toMatch(/No place/);
    }
  });

  it('[FEATURE-09] place by id answers with Cache-Control and an ETag, and 304 on a match', async () => {
    const [rome] = await autocomplete('Rome');
    const first = await get(`/api/core/places/place/${rome!._id}`);
    expect(first.headers['cache-control']).toMatch(/max-age=\d+/);
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const second = await get(`/api/core/places/place/${rome!._id}`, { 'if-none-match': etag });
    expect(second.statusCode).toBe(304);
  });

  it('[PLACE-03] search finds a city by place, a region by region and a country by country', async () => {
    const city = await get('/api/core/places/search?country=portugal&region=lisbon&place=lisbon');
    expect(city.statusCode).toBe(200);
    expect(city.json()).toMatchObject({ title: 'Lisbon', type: 'City' });
    const noRegion = await get('/api/core/places/search?country=united%20kingdom&place=london');
    expect(noRegion.json()).toMatchObject({ title: 'London', type: 'City' });
    const region = await get('/api/core/places/search?country=united%20states&region=california');
    expect(region.json()).toMatchObject({ title: 'California', type: 'Region' });
    const country = await get('/api/core/places/search?country=iceland');
    expect(country.json()).toMatchObject({ title: 'Iceland', type: 'Country' });
    const accents = await get('/api/core/places/search?country=brazil&place=sao%20paulo');
    expect(accents.json()).toMatchObject({ title: 'São Paulo', country: 'Brazil' });
  });

  it('[PLACE-05] search for an unknown place answers 404 with a clear message', async () => {
    for (const url of [
      '/api/core/places/search?country=atlantis',
      '/api/core/places/search?country=portugal&place=nowhere-town',
      '/api/core/places/search?region=no%20such%20region',
      '/api/core/places/search',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message.length).toBeGreaterThan(5);
    }
  });

  it('[DATA-01] the seed holds countries and regions of the whole world', async () => {
    for (const [q, cc] of [
      ['Japan', 'JP'],
      ['Kenya', 'KE'],
      ['Peru', 'PE'],
      ['Bavaria', 'DE'],
    ] as const) {
      expect(
        (await autocomplete(q)).some((p) => p.countryCode === cc),
        q,
      ).toBe(true);
    }
  });
});
