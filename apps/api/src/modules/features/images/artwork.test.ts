import { describe, expect, it } from 'vitest';
import {
  ARTWORK_LABEL,
  type PlaceArtworkInput,
  renderFeatureArtwork,
  renderPlaceArtwork,
} from './artwork.ts';

const LISBON: PlaceArtworkInput = {
  type: 'City',
  title: 'Lisbon',
  countryCode: 'PT',
  coordinates: { lat: 38.72, lng: -9.14 },
};
const OSLO: PlaceArtworkInput = {
  type: 'City',
  title: 'Oslo',
  countryCode: 'NO',
  coordinates: { lat: 59.91, lng: 10.75 },
};

/** Every text node or attribute value that could show words in the picture. */
function visibleText(svg: string): string[] {
  return [...svg.matchAll(/<(text|tspan|title|desc|foreignObject)\b/g)].map((m) => m[0]);
}

const fills = (svg: string) => [...svg.matchAll(/(?:fill|stop-color)="([^"]+)"/g)].map((m) => m[1]);

describe('place artwork', () => {
  it('[DATA-07] is deterministic: the same place gives the same bytes', () => {
    expect(renderPlaceArtwork({ ...LISBON })).toBe(renderPlaceArtwork({ ...LISBON }));
  });

  it('[DATA-07] two different places give different art (palette and shapes)', () => {
    const lisbon = renderPlaceArtwork(LISBON);
    const oslo = renderPlaceArtwork(OSLO);
    expect(lisbon).not.toBe(oslo);
    expect(fills(lisbon)).not.toEqual(fills(oslo));
    // Same country, another city: the shapes differ even where the palette is close.
    const porto = renderPlaceArtwork({ ...LISBON, title: 'Porto', coordinates: { lat: 41.15, lng: -8.61 } });
    expect(porto).not.toBe(lisbon);
  });

  it('[DATA-07] the motif follows the category: a skyline for a city, none for a region or country', () => {
    const city = renderPlaceArtwork(LISBON);
    const region = renderPlaceArtwork({ ...LISBON, type: 'Region', title: 'Lisbon District' });
    const country = renderPlaceArtwork({ ...LISBON, type: 'Country', title: 'Portugal' });
    expect(city).toMatch(/<rect x=/);
    expect(region).not.toMatch(/<rect x=/);
    expect(country).toMatch(/stroke-opacity/);
    expect(new Set([city, region, country]).size).toBe(3);
  });

  it('[DATA-07] latitude sets the sky: a tropical place is warmer and brighter than a polar one', () => {
    const lightness = (svg: string) => Number(/stop-color="hsl\(\d+ \d+% (\d+)%\)"/.exec(svg)![1]);
    const tropic = renderPlaceArtwork({ ...LISBON, coordinates: { lat: 1, lng: -9 } });
    const polar = renderPlaceArtwork({ ...LISBON, coordinates: { lat: 70, lng: -9 } });
    expect(lightness(tropic)).toBeGreaterThan(lightness(polar));
  });

  it('[DATA-07] holds no text, emoji, title or id; it is labelled an illustration', () => {
    const id = 'cb45d3de-1234-4abc-8def-0123456789ab';
    const svg = renderPlaceArtwork({ ...LISBON, title: `Lisbon ${id}` });
    expect(visibleText(svg)).toEqual([]);
    expect(svg).not.toContain('Lisbon');
    expect(svg).not.toContain('Portugal');
    expect(svg).not.toContain(id);
    expect(svg).not.toMatch(/\p{Extended_Pictographic}/u);
    expect(svg).toMatch(/^<svg [^>]*aria-label="Illustration"/);
    expect(ARTWORK_LABEL).toBe('Illustration');
  });

  it('[DATA-07] a place without coordinates still gets a stable, distinct picture', () => {
    const a = renderPlaceArtwork({ ...LISBON, coordinates: null });
    expect(a).toBe(renderPlaceArtwork({ ...LISBON, coordinates: null }));
    expect(a).not.toBe(renderPlaceArtwork({ ...OSLO, coordinates: null }));
  });
});

describe('feature artwork', () => {
  const tower = { title: 'Belém Tower', key: 'lisbon-belem-tower', category: 'Landmarks', coordinates: null };

  it('[DATA-07] same feature same art, different features different art, no text', () => {
    const svg = renderFeatureArtwork(tower);
    expect(svg).toBe(renderFeatureArtwork({ ...tower }));
    expect(svg).not.toBe(renderFeatureArtwork({ ...tower, key: 'lisbon-jeronimos', title: 'Jerónimos' }));
    expect(visibleText(svg)).toEqual([]);
    expect(svg).not.toContain('Belém');
    expect(svg).not.toContain('lisbon-belem-tower');
    expect(svg).not.toMatch(/\p{Extended_Pictographic}/u);
  });
});
