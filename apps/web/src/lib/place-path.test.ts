import { describe, expect, it } from 'vitest';
import { placePath, placeSearchFromRoute } from './place-path.ts';

describe('placePath', () => {
  it('[PLACE-02] a country: /place/{country}/country?place=id', () => {
    expect(placePath({ _id: 'c1', title: 'France', type: 'Country', country: 'France', region: null })).toBe(
      '/place/france/country?place=c1',
    );
  });

  it('[PLACE-02] a region adds the region name', () => {
    expect(placePath({ _id: 'r1', title: 'Bavaria', type: 'Region', country: 'Germany', region: null })).toBe(
      '/place/germany/region/bavaria?place=r1',
    );
    expect(
      placePath({ _id: 'r2', title: 'Tuscany', type: 'Region', country: 'Italy', region: 'Tuscany' }),
    ).toBe('/place/italy/region/tuscany?place=r2');
  });

  it('[PLACE-02] a city adds the region (if present), then the title', () => {
    expect(
      placePath({ _id: 'p1', title: 'Munich', type: 'City', country: 'Germany', region: 'Bavaria' }),
    ).toBe('/place/germany/city/bavaria/munich?place=p1');
    expect(
      placePath({ _id: 'p2', title: 'Singapore', type: 'City', country: 'Singapore', region: null }),
    ).toBe('/place/singapore/city/singapore?place=p2');
  });

  it('[PLACE-02] the country is left out when missing; segments are lowercase and URL-encoded', () => {
    expect(placePath({ _id: 'x', title: 'Atlantis', type: 'City', region: '' })).toBe(
      '/place/city/atlantis?place=x',
    );
    expect(
      placePath({ _id: 'a b', title: 'São Paulo', type: 'City', country: 'Brazil', region: 'São Paulo' }),
    ).toBe('/place/brazil/city/s%C3%A3o%20paulo/s%C3%A3o%20paulo?place=a+b');
  });
});

describe('placeSearchFromRoute', () => {
  it('[PLACE-03] a city uses place, the region when there is no place', () => {
    expect(
      placeSearchFromRoute({ country: 'germany', type: 'city', region: 'bavaria', place: 'munich' }),
    ).toEqual({
      country: 'germany',
      region: 'bavaria',
      place: 'munich',
    });
    expect(placeSearchFromRoute({ country: 'singapore', type: 'city', region: 'singapore' })).toEqual({
      country: 'singapore',
      place: 'singapore',
    });
  });

  it('[PLACE-03] a region uses region; a country only the country; no country → null', () => {
    expect(placeSearchFromRoute({ country: 'italy', type: 'region', region: 'tuscany' })).toEqual({
      country: 'italy',
      region: 'tuscany',
    });
    expect(placeSearchFromRoute({ country: 'france', type: 'country' })).toEqual({ country: 'france' });
    expect(placeSearchFromRoute({})).toBeNull();
  });
});
