import { describe, expect, it } from 'vitest';
import { airportByIata, timeZoneAt } from '../index.ts';
import { isTimeZone } from './airports.dataset.ts';

/** timeZoneAt and airportByIata as other modules use them: through the places module's entry. */
describe('timeZoneAt', () => {
  it('[TIMEZONE-04] answers the zone of a city, of the far side of the date line and of the open sea', () => {
    expect(timeZoneAt(38.7139, -9.1334)).toBe('Europe/Lisbon');
    expect(timeZoneAt(40.71, -74.0)).toBe('America/New_York');
    expect(timeZoneAt(35.6762, 139.6503)).toBe('Asia/Tokyo');
    expect(timeZoneAt(1.87, -157.4)).toBe('Pacific/Kiritimati');
    expect(timeZoneAt(30, -40)).toMatch(/^Etc\/GMT[+-]\d+$/);
  });

  it('[TIMEZONE-05] every zone it answers on a 1° grid of the Earth is one Intl accepts', () => {
    const zones = new Set<string>();
    for (let lat = -90; lat <= 90; lat += 1) {
      for (let lng = -180; lng <= 180; lng += 1) zones.add(timeZoneAt(lat, lng));
    }
    expect(zones.size).toBeGreaterThan(300);
    expect([...zones].filter((zone) => !isTimeZone(zone))).toEqual([]);
  });

  it('[TIMEZONE-06] throws a RangeError for a point off the Earth', () => {
    for (const [lat, lng] of [
      [91, 0],
      [-90.5, 0],
      [0, 180.1],
      [0, -181],
      [Number.NaN, 0],
      [0, Number.POSITIVE_INFINITY],
    ] as const) {
      expect(() => timeZoneAt(lat, lng)).toThrow(RangeError);
    }
  });
});

describe('airportByIata', () => {
  it('[AIRPORTS-12] finds an airport by its code in any case, and undefined for an unknown one', () => {
    expect(airportByIata('lis')).toMatchObject({ iata: 'LIS', timeZone: 'Europe/Lisbon' });
    expect(airportByIata(' NRT ')).toMatchObject({ timeZone: 'Asia/Tokyo' });
    expect(airportByIata('XQZ')).toBeUndefined();
    expect(airportByIata('')).toBeUndefined();
  });
});
