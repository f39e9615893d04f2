import { describe, expect, it } from 'vitest';
import { categoryTaxonomy } from '../categories/categories.data.ts';
import { suggestionSeeds } from '../suggestions/suggestions.data.ts';
import { placesA } from './data/places-a.ts';
import { placesB } from './data/places-b.ts';

const places = [...placesA, ...placesB];
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
