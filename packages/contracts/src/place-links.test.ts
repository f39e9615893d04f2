import { describe, expect, it } from 'vitest';
import { readPlaceLink } from './place-links';

function point(text: string) {
  const reading = readPlaceLink(text);
  if (!reading.ok) throw new Error(`no point in ${text}: ${reading.reason}`);
  return reading.point;
}

describe('readPlaceLink', () => {
  it('[PLACES-OWN-LINK] reads Google Maps links: the pin (!3d!4d) before the viewport (@)', () => {
    const place = point(
      'https://www.google.com/maps/place/Torre+de+Bel%C3%A9m/@38.6916,-9.2160,17z/data=!3m1!4b1!4m6!3m5!1s0xd1ecb!8m2!3d38.6915837!4d-9.2159786!16zL20vMDJfMmQ?entry=ttu',
    );
    expect(place).toEqual({ lat: 38.6915837, lng: -9.2159786, name: 'Torre de Belém', source: 'google' });
  });

  // Real link shapes, each with the point it must give and the app it comes from.
  it.each([
    ['https://www.google.com/maps/@38.7139,-9.1334,15z', 38.7139, -9.1334, 'google'],
    ['https://maps.google.com/?q=38.7139,-9.1334', 38.7139, -9.1334, 'google'],
    [
      'https://www.google.com/maps/search/?api=1&query=47.5951518%2C-122.3316393',
      47.5951518,
      -122.3316393,
      'google',
    ],
    ['https://www.google.com/maps?q=loc:41.1496,-8.6109', 41.1496, -8.6109, 'google'],
    ['https://www.google.com/maps/search/38.7139,+-9.1334?entry=tts', 38.7139, -9.1334, 'google'],
    ['google.pt/maps/@41.1579,-8.6291,14z', 41.1579, -8.6291, 'google'],
    ['https://www.openstreetmap.org/#map=17/38.71390/-9.13340', 38.7139, -9.1334, 'openstreetmap'],
    [
      'https://www.openstreetmap.org/?mlat=52.5163&mlon=13.3777#map=19/52.51630/13.37770',
      52.5163,
      13.3777,
      'openstreetmap',
    ],
    [
      'https://openstreetmap.org/?mlat=-33.8568&mlon=151.2153#map=12/-33.9/151.1',
      -33.8568,
      151.2153,
      'openstreetmap',
    ],
    ['https://maps.apple.com/?q=40.4168,-3.7038', 40.4168, -3.7038, 'apple'],
    ['geo:38.7139,-9.1334,12;u=35', 38.7139, -9.1334, 'geo'],
    ['GEO:41.1496,-8.6109?z=15', 41.1496, -8.6109, 'geo'],
    ['  38.7139 -9.1334 ', 38.7139, -9.1334, 'text'],
    ['-33.8568,151.2153', -33.8568, 151.2153, 'text'],
  ] as const)('[PLACES-OWN-LINK] %s → %f, %f (%s)', (link, lat, lng, source) => {
    expect(point(link)).toMatchObject({ lat, lng, source });
  });

  it('[PLACES-OWN-LINK] reads Apple Maps links with their name', () => {
    expect(point('https://maps.apple.com/?ll=38.7139,-9.1334&q=Rossio&z=16')).toEqual({
      lat: 38.7139,
      lng: -9.1334,
      name: 'Rossio',
      source: 'apple',
    });
    expect(point('https://maps.apple.com/place?coordinate=48.8584,2.2945&name=Tour%20Eiffel')).toMatchObject({
      name: 'Tour Eiffel',
    });
  });

  it('[PLACES-OWN-LINK] reads geo: URIs, with a label, an uncertainty or Android query', () => {
    expect(point('geo:38.7139,-9.1334')).toEqual({ lat: 38.7139, lng: -9.1334, source: 'geo' });
    expect(point('geo:0,0?q=38.7139,-9.1334(Casa%20da%20Ana)')).toEqual({
      lat: 38.7139,
      lng: -9.1334,
      name: 'Casa da Ana',
      source: 'geo',
    });
  });

  it('[PLACES-OWN-LINK] reads plain coordinates and degrees, minutes, seconds', () => {
    expect(point('38.7139, -9.1334')).toEqual({ lat: 38.7139, lng: -9.1334, source: 'text' });
    const dms = point(`38°42'50.0"N 9°08'00.2"W`);
    expect(dms.lat).toBeCloseTo(38.713889, 5);
    expect(dms.lng).toBeCloseTo(-9.133389, 5);
    expect(point('33°51′24″S 151°12′55″E').lat).toBeCloseTo(-33.856667, 5);
  });

  it.each([
    ['   ', 'empty'],
    ['https://maps.app.goo.gl/abc123XYZ', 'no-coordinates'],
    ['https://example.com/?q=38.7,-9.1', 'no-coordinates'],
    ['Café Lisboa', 'no-coordinates'],
    ['https://www.google.com/maps/place/Lisbon', 'no-coordinates'],
    ['91.5, 10', 'out-of-range'],
    ['geo:45,181', 'out-of-range'],
    ['https://www.openstreetmap.org/#map=5/95.0/10.0', 'out-of-range'],
  ] as const)('[PLACES-OWN-LINK] says why %j holds no usable point: %s', (text, reason) => {
    expect(readPlaceLink(text)).toEqual({ ok: false, reason });
  });

  it('[PLACES-OWN-LINK] a malformed escape in a link does not stop the reading', () => {
    expect(readPlaceLink('https://www.google.com/maps/place/%E0%A4%A/@38.7,-9.1,15z')).toMatchObject({
      ok: true,
    });
  });
});
