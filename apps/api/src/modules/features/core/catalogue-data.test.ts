import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkOpeningHours } from '@tripcrew/contracts/opening-hours';
import { describe, expect, it, vi } from 'vitest';
import { categoryTaxonomy } from '../../categories/categories.data.ts';
import { suggestionPlans } from '../../suggestions/suggestion-plans.data.ts';
import { suggestionSeeds } from '../../suggestions/suggestions.data.ts';
import { sketchDayTimes } from '../../trips/index.ts';
import { CURATED_CATALOGUE_FILE, loadCuratedCatalogue, parseCuratedCatalogue } from '../data/catalogue.ts';

const places = loadCuratedCatalogue();
const features = places.flatMap((p) => p.features.map((f) => ({ ...f, place: p.place })));
const categoryNames = new Set(categoryTaxonomy.flatMap((c) => [c.title, ...c.subcategories]));

/** Great-circle distance in km. */
function km(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lng - a.lng) * rad) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

const sentences = (text: string) =>
  text.split(/(?<=[.!?])\s+(?=[A-Z0-9"'‘“(])/).filter((s) => s.trim() !== '');

describe('curated catalogue data', () => {
  it('[FACTS-02] every opening hours string parses, and hours always say when and where they were checked', () => {
    const withHours = features.filter((f) => f.hours !== undefined);
    expect(withHours.length).toBeGreaterThan(0);
    for (const f of withHours) {
      expect(checkOpeningHours(f.hours ?? '', f.place.countryCode), f.key).toEqual({ ok: true });
      expect(f.hoursChecked, f.key).toBeDefined();
    }
  });

  it('[DATA-03] has at least 50 cities and 10 regions or countries with at least 15 features each, 750 or more in all', () => {
    const cities = places.filter((p) => p.place.type === 'City');
    const wider = places.filter((p) => p.place.type !== 'City');
    expect(cities.length).toBeGreaterThanOrEqual(50);
    expect(wider.length).toBeGreaterThanOrEqual(10);
    for (const p of places) expect(p.features.length, p.place.title).toBeGreaterThanOrEqual(15);
    expect(features.length).toBeGreaterThanOrEqual(750);
    // No place twice.
    const ids = places.map((p) => `${p.place.countryCode}:${p.place.type}:${p.place.title}`);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('[DATA-04] every feature has a name, address, coordinates near its place, a 1–3 sentence description, a rank, categories and a model', () => {
    const keys = new Set<string>();
    for (const f of features) {
      const where = `${f.place.title} / ${f.title}`;
      expect(f.title.trim(), where).not.toBe('');
      expect(f.address.trim().length, where).toBeGreaterThan(8);
      expect(Math.abs(f.lat), where).toBeLessThanOrEqual(90);
      expect(Math.abs(f.lng), where).toBeLessThanOrEqual(180);
      const limit = f.place.type === 'City' ? 60 : f.place.title === 'Hawaii' ? 600 : 400;
      expect(km(f, f.place), where).toBeLessThanOrEqual(limit);
      const n = sentences(f.description).length;
      expect(n, `${where}: ${f.description}`).toBeGreaterThanOrEqual(1);
      expect(n, `${where}: ${f.description}`).toBeLessThanOrEqual(3);
      expect(Number.isInteger(f.rank) && f.rank >= 1, where).toBe(true);
      expect(f.categories.length, where).toBeGreaterThanOrEqual(1);
      for (const c of f.categories)
        expect(categoryNames.has(c), `${where}: unknown category ${c}`).toBe(true);
      expect(['places', 'restaurants', 'events', 'shops', 'hotels']).toContain(f.model);
      expect(keys.has(f.key), `duplicate key ${f.key}`).toBe(false);
      keys.add(f.key);
    }
    // Sights are 'places'.
    const sights = features.filter(
      (f) => f.categories.includes('sights') || f.categories.includes('landmarks'),
    );
    expect(sights.length).toBeGreaterThan(100);
    for (const f of sights) expect(f.model, f.title).not.toBe('restaurants');
    // Ranks are unique within a place.
    for (const p of places) {
      const ranks = p.features.map((f) => f.rank);
      expect(new Set(ranks).size, p.place.title).toBe(ranks.length);
    }
  });

  it('[CATALOGUE-01] every destination has at least 40 features, every city at least 10 places to eat or drink, typed as such', () => {
    const EAT_DRINK = [
      'food and drink',
      'restaurants',
      'cafes',
      'food markets',
      'street food',
      'wineries',
      'bars',
    ];
    for (const p of places) {
      expect(p.features.length, p.place.title).toBeGreaterThanOrEqual(40);
      const eat = p.features.filter((f) => f.categories.some((c) => EAT_DRINK.includes(c)));
      if (p.place.type === 'City') expect(eat.length, p.place.title).toBeGreaterThanOrEqual(10);
      for (const f of eat) {
        // A place to eat or drink is not a sight, and a bar is not filed as one.
        expect(f.categories.includes('sights') || f.categories.includes('landmarks'), f.key).toBe(false);
      }
      for (const f of p.features.filter((f) => f.categories.includes('bars')))
        expect(f.model, f.key).toBe('restaurants');
    }
  });

  it('[CATALOGUE-02] hours on at least 80 % of the sights and places to eat, a visit for every sight, a price level for every feature', () => {
    for (const p of places) {
      const timed = p.features.filter((f) => f.model === 'places' || f.model === 'restaurants');
      const withHours = timed.filter((f) => f.hours !== undefined);
      expect(withHours.length / timed.length, p.place.title).toBeGreaterThanOrEqual(0.8);
      for (const f of p.features) {
        expect(f.priceLevel, f.key).toBeDefined();
        if (f.model === 'places') expect(f.durationMinutes, f.key).toBeDefined();
        if (f.hoursChecked) expect(f.hoursChecked.month, f.key).toMatch(/^20\d\d-(0[1-9]|1[0-2])$/);
      }
    }
  });

  it('[CATALOGUE-03] no two features of a destination share a name within 20 m; the known errors stay fixed', () => {
    const name = (title: string) =>
      title
        .normalize('NFD')
        .replace(/\p{M}/gu, '')
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, ' ')
        .trim();
    for (const p of places) {
      const seen = p.features.map((f) => ({ f, n: name(f.title) }));
      for (const [i, a] of seen.entries())
        for (const b of seen.slice(i + 1))
          if (a.n === b.n) expect(km(a.f, b.f) * 1000, `${a.f.key} / ${b.f.key}`).toBeGreaterThan(20);
    }
    const byKey = new Map(features.map((f) => [f.key, f]));
    const boulders = byKey.get('cape-town-boulders-beach');
    expect(boulders?.categories).toContain('beaches');
    expect(boulders?.categories).not.toContain('zoos and aquariums');
    // The split gate ("Gates of Heaven") is Pura Penataran Agung, below the summit temple (Luhur).
    expect(byKey.get('bali-lempuyang')?.title).toMatch(/Penataran Agung Lempuyang/);
  });

  it('[DATA-06] every suggestion names a curated place, with 2 to 10 days and icons', () => {
    const known = new Set(places.map((p) => `${p.place.countryCode}:${p.place.title}`));
    expect(suggestionSeeds.length).toBeGreaterThanOrEqual(12);
    for (const s of suggestionSeeds) {
      expect(known.has(`${s.placeCountryCode}:${s.placeTitle}`), s.title).toBe(true);
      expect(s.days).toBeGreaterThanOrEqual(2);
      expect(s.days).toBeLessThanOrEqual(10);
      expect(s.icons.length).toBeGreaterThan(0);
    }
  });
});

describe('the suggestions’ ready-made plans', () => {
  const WEEKS = ['2027-04-12', '2027-10-18']; // Mondays of two ordinary weeks
  const addDays = (day: string, n: number) =>
    new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

  it('[PLANS-01] every suggestion has a plan of its days, of its own place’s features, each named once', () => {
    expect(Object.keys(suggestionPlans).sort()).toEqual(suggestionSeeds.map((s) => s.key).sort());
    for (const s of suggestionSeeds) {
      const plan = suggestionPlans[s.key]!;
      const own = new Set(
        places
          .find((p) => p.place.title === s.placeTitle && p.place.countryCode === s.placeCountryCode)!
          .features.map((f) => f.key),
      );
      expect(plan.days, s.key).toHaveLength(s.days);
      expect(plan.startDays.length, s.key).toBeGreaterThan(0);
      const stops = plan.days.flatMap((day) => day.stops);
      expect(new Set(stops).size, s.key).toBe(stops.length);
      for (const key of stops) expect(own.has(key), `${s.key}: ${key}`).toBe(true);
      for (const day of plan.days)
        expect(day.stops.length, `${s.key}: ${day.title}`).toBeGreaterThanOrEqual(2);
    }
  });

  it('[PLANS-02] each plan’s stops are open when the group gets there, on every day, for every start day it names', () => {
    const byKey = new Map(features.map((f) => [f.key, f]));
    let days = 0;
    for (const s of suggestionSeeds) {
      const plan = suggestionPlans[s.key]!;
      for (const week of WEEKS)
        for (const startDay of plan.startDays) {
          const first = addDays(week, (startDay + 6) % 7);
          plan.days.forEach((day, i) => {
            const date = addDays(first, i);
            const stops = day.stops.map((key) => byKey.get(key)!);
            const line = sketchDayTimes(
              date,
              day.start ?? '09:00',
              stops.map((f) => ({
                id: f.key,
                point: { lat: f.lat, lng: f.lng },
                visitMinutes: f.durationMinutes ?? null,
                hours: f.hours ?? null,
                timeZone: 'UTC',
              })),
              plan.transport,
              stops[0]!.place.type,
            );
            for (const stop of stops) expect(stop.hours, stop.key).toBeDefined();
            const warned = line.filter((entry) => entry.warnings.length > 0);
            expect(warned, `${s.key} starting ${first}: day ${i + 1} (${date})`).toEqual([]);
            days += 1;
          });
        }
    }
    expect(days).toBeGreaterThan(100);
  });
});

describe('curated catalogue file', () => {
  it('is data read on demand: importing the features service (toFeature) does not read it', async () => {
    vi.resetModules();
    const service = await import('./features.service.ts');
    const loader = await import('../data/catalogue.ts');
    expect(loader.curatedCatalogueReads()).toBe(0);
    const feature = service.toFeature({
      id: 'f1',
      key: 'k',
      title: 'T',
      address: 'A',
      description: 'D',
      rank: 1,
      imageOriginal: 'https://example.test/x.jpg',
      categories: ['sights'],
      model: 'places',
      lat: null,
      lng: null,
      placeId: 'p1',
      facts: null,
      timeZone: null,
    });
    expect(feature._id).toBe('f1');
    expect(loader.curatedCatalogueReads()).toBe(0);
    // The seeders read it once, then keep it.
    expect(service.curatedCityKeys().size).toBeGreaterThanOrEqual(50);
    expect(service.curatedCatalogue()).toBe(service.curatedCatalogue());
    expect(loader.curatedCatalogueReads()).toBe(1);
    vi.resetModules();
  });

  it('is validated by its schema: a broken file fails with the place of each problem', () => {
    const [first] = places;
    expect(first).toBeDefined();
    const withFeature = (change: Record<string, unknown>) =>
      JSON.stringify([{ ...first, features: [{ ...first!.features[0], ...change }] }]);
    expect(parseCuratedCatalogue(withFeature({}))).toHaveLength(1);
    expect(() => parseCuratedCatalogue('{')).toThrow(/not valid JSON/);
    expect(() => parseCuratedCatalogue('[]')).toThrow(/invalid/);
    expect(() => parseCuratedCatalogue(withFeature({ model: 'castles' }))).toThrow(/features\[0\]\.model/);
    expect(() => parseCuratedCatalogue(withFeature({ lat: 91 }))).toThrow(/features\[0\]\.lat/);
    expect(() => parseCuratedCatalogue(withFeature({ rank: 0 }))).toThrow(/features\[0\]\.rank/);
    expect(() => parseCuratedCatalogue(withFeature({ categories: [] }))).toThrow(/categories/);
    expect(() => parseCuratedCatalogue(withFeature({ colour: 'red' }))).toThrow(/colour/);
    expect(() =>
      parseCuratedCatalogue(JSON.stringify([{ ...first, place: { ...first!.place, countryCode: 'fr' } }])),
    ).toThrow(/place\.countryCode/);
  });

  it('ships in the image: the Dockerfile copies apps/api/src and .dockerignore does not exclude it', () => {
    const root = fileURLToPath(new URL('../../../../../../', import.meta.url));
    const file = relative(root, CURATED_CATALOGUE_FILE);
    expect(file).toBe('apps/api/src/modules/features/data/catalogue.json');
    expect(readFileSync(`${root}Dockerfile`, 'utf8')).toMatch(/^COPY apps\/api\/src apps\/api\/src$/m);
    // .dockerignore patterns are anchored at the context root; `**/` matches at any depth.
    const glob = (pattern: string) => pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*');
    const ignoring = readFileSync(`${root}.dockerignore`, 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#') && !line.startsWith('!'))
      .filter((line) => {
        const anywhere = line.startsWith('**/');
        const body = glob(line.replace(/^\*\*\//, '').replace(/^\/|\/$/g, ''));
        return new RegExp(`${anywhere ? '(^|/)' : '^'}${body}(/|$)`).test(file);
      });
    expect(ignoring).toEqual([]);
  });
});
