import type { Airport, TimeZone } from '@tripcrew/contracts/place-lookup';
import { describe, expect, it } from 'vitest';
import { apiCaller, expectError, expectJson } from '../../../../test/helpers/api-calls.ts';
import { useTestApp } from '../../../../test/helpers/test-app.ts';
import { airportIndex, buildAirportIndex, isTimeZone } from './airports.dataset.ts';

/**
 * GET /core/places/airports, /core/places/airports/:iata and /core/places/time-zone over HTTP on
 * the test app (anonymous: public reference data), and the bundled airport data as a whole.
 */

const t = useTestApp();
const call = apiCaller(t);
const get = (url: string) => call(null, 'GET', url);
const airport = (iata: string) => get(`/core/places/airports/${iata}`);
const search = (q: string) => get(`/core/places/airports?q=${encodeURIComponent(q)}`);
const codes = async (q: string) => (await expectJson<Airport[]>(search(q))).map((a) => a.iata);
const timeZone = async (query: string) =>
  (await expectJson<TimeZone>(get(`/core/places/time-zone?${query}`))).timeZone;

describe('an airport by its IATA code', () => {
  it('[AIRPORTS-01] LIS is Lisbon, in Europe/Lisbon, at its runway', async () => {
    const lis = await expectJson<Airport>(airport('LIS'));
    expect(lis).toMatchObject({
      iata: 'LIS',
      city: 'Lisbon',
      country: 'Portugal',
      timeZone: 'Europe/Lisbon',
    });
    expect(lis.name).toMatch(/Lisbon|Humberto Delgado/);
    expect(lis.coordinates.lat).toBeCloseTo(38.77, 1);
    expect(lis.coordinates.lng).toBeCloseTo(-9.13, 1);
  });

  it('[AIRPORTS-02] JFK is in America/New_York and NRT in Asia/Tokyo; the code is read in any case', async () => {
    expect(await expectJson<Airport>(airport('JFK'))).toMatchObject({
      city: 'New York',
      timeZone: 'America/New_York',
    });
    expect(await expectJson<Airport>(airport('NRT'))).toMatchObject({
      city: 'Tokyo',
      timeZone: 'Asia/Tokyo',
    });
    expect(await expectJson<Airport>(airport('lis'))).toMatchObject({ iata: 'LIS' });
    expect(await expectJson<Airport>(airport('Jfk'))).toMatchObject({ iata: 'JFK' });
  });

  it('[AIRPORTS-03] an unknown code answers 404 saying what to do; a code that is not 3 letters answers 400', async () => {
    expectError(
      await airport('xqz'),
      404,
      /^Unknown airport code XQZ: check the code on the ticket, or pick the place by search instead\.$/,
    );
    for (const bad of ['L1S', 'LISB', 'LI', '%20LIS']) {
      expectError(await airport(bad), 400, /An airport code is 3 letters, like LIS/);
    }
  });

  it('[AIRPORTS-04] answers are cacheable: Cache-Control, an ETag, and 304 when the client holds it', async () => {
    const first = await airport('LIS');
    expect(first.headers['cache-control']).toMatch(/^public, max-age=\d+/);
    const etag = String(first.headers.etag);
    const again = await t.request({
      method: 'GET',
      url: '/api/core/places/airports/LIS',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
  });
});

describe('searching airports', () => {
  it('[AIRPORTS-05] a city or an exact code lists its airport first, in any case and with accents or not', async () => {
    expect((await codes('lisbon'))[0]).toBe('LIS');
    expect((await codes('Lisbon'))[0]).toBe('LIS');
    expect((await codes('lis'))[0]).toBe('LIS');
    expect((await codes('LIS'))[0]).toBe('LIS');
    expect((await codes('nrt'))[0]).toBe('NRT');
    // The data writes "Zurich": an accented query finds it all the same.
    expect(await codes('zürich')).toContain('ZRH');
  });

  it("[AIRPORTS-06] 'new york' lists the city's airports, international ones first", async () => {
    const found = await codes('new york');
    expect(found).toEqual(expect.arrayContaining(['JFK', 'LGA']));
    expect(found[0]).toBe('JFK');
    expect(found.indexOf('LGA')).toBeLessThan(found.findIndex((code) => code === 'JRB' || code === 'JRA'));
  });

  it('[AIRPORTS-07] names or cities starting with the text come before those only containing it; at most 10', async () => {
    const list = await expectJson<Airport[]>(search('york'));
    const starts = (a: Airport) => [a.name, a.city].some((s) => s.toLowerCase().startsWith('york'));
    const firstContaining = list.findIndex((a) => !starts(a));
    expect(list.slice(0, firstContaining === -1 ? list.length : firstContaining).every(starts)).toBe(true);
    expect(list.slice(firstContaining === -1 ? list.length : firstContaining).some(starts)).toBe(false);
    expect(list.some((a) => a.iata === 'JFK')).toBe(true); // "New York" contains it
    expect((await expectJson<Airport[]>(search('international'))).length).toBe(10);
  });

  it('[AIRPORTS-08] a text of fewer than 2 characters (after trimming) answers 400; nothing matching answers []', async () => {
    for (const q of ['', 'l', '  l  ']) {
      expectError(await search(q), 400, /at least 2 characters/);
    }
    expect(await codes('zzqxv')).toEqual([]);
  });
});

describe('the time zone at a point', () => {
  it('[TIMEZONE-01] Lisbon is in Europe/Lisbon and New York in America/New_York', async () => {
    expect(await timeZone('lat=38.7139&lng=-9.1334')).toBe('Europe/Lisbon');
    expect(await timeZone('lat=40.71&lng=-74.0')).toBe('America/New_York');
  });

  it('[TIMEZONE-02] Kiritimati, across the date line, is Pacific/Kiritimati; the mid-Atlantic is an Etc/GMT zone', async () => {
    expect(await timeZone('lat=1.87&lng=-157.4')).toBe('Pacific/Kiritimati');
    expect(await timeZone('lat=30&lng=-40')).toMatch(/^Etc\/GMT[+-]\d+$/);
  });

  it('[TIMEZONE-03] a latitude or longitude out of range, empty or missing answers 400 naming it', async () => {
    expectError(
      await get('/core/places/time-zone?lat=91&lng=0'),
      400,
      /lat.*Latitude must be between -90 and 90/,
    );
    expectError(await get('/core/places/time-zone?lat=0&lng=-181'), 400, /lng.*Longitude must be between/);
    expectError(await get('/core/places/time-zone?lat=&lng=0'), 400, /lat.*Give the latitude as a number/);
    expectError(await get('/core/places/time-zone?lng=0'), 400, /lat.*latitude/);
    expectError(await get('/core/places/time-zone?lat=x&lng=0'), 400, /lat/);
  });
});

describe('the bundled airport data', () => {
  it('[AIRPORTS-09] every airport has a 3-letter code, a zone Intl accepts and a point on Earth', () => {
    const { byIata, entries } = airportIndex();
    // OpenFlights lists about 6,000 airports with an IATA code: the file was read whole.
    expect(byIata.size).toBeGreaterThan(5_000);
    expect(entries.length).toBe(byIata.size);
    const wrong = [...byIata.values()].filter(
      ({ iata, name, coordinates: { lat, lng }, timeZone: zone }) =>
        !/^[A-Z]{3}$/.test(iata) ||
        name === '' ||
        !(lat >= -90 && lat <= 90 && lng >= -180 && lng <= 180) ||
        !isTimeZone(zone),
    );
    expect(wrong.map((a) => a.iata)).toEqual([]);
  });

  it('[AIRPORTS-10] rows without a code, a name or a point on Earth are left out, and a code is kept once', () => {
    const row = {
      name: 'Test Field',
      city: 'Testville',
      country: 'Testland',
      latitude: 38.78,
      longitude: -9.14,
    };
    const index = buildAirportIndex([
      { ...row, iata: 'AAA', tz: 'Europe/Lisbon' },
      { ...row, iata: 'AAA', tz: 'Asia/Tokyo', name: 'A second AAA' },
      { ...row, iata: 'DDD', tz: 'Europe/Lisbon', latitude: 95 },
      { ...row, iata: 'EEE', tz: 'Europe/Lisbon', longitude: undefined },
      { ...row, iata: 'F1F', tz: 'Europe/Lisbon' },
      { ...row, iata: 'hhh', tz: 'Europe/Lisbon' },
      { ...row, iata: undefined, tz: 'Europe/Lisbon' },
      { ...row, iata: 'III', tz: 'Europe/Lisbon', name: ' ' },
      { ...row, iata: 'GGG', tz: 'Europe/Lisbon', city: undefined, country: undefined },
      null,
      'LIS',
    ]);
    expect([...index.byIata.keys()].sort()).toEqual(['AAA', 'GGG']);
    expect(index.byIata.get('AAA')).toMatchObject({ name: 'Test Field', timeZone: 'Europe/Lisbon' });
    expect(index.byIata.get('GGG')).toMatchObject({ city: '', country: '' });
  });

  it('[AIRPORTS-11] an airport without a zone Intl accepts gets the zone at its point; at sea it is left out', () => {
    const row = { name: 'Test Field', city: 'Testville', country: 'Testland' };
    const index = buildAirportIndex([
      { ...row, iata: 'AAA', tz: 'Not/AZone', latitude: 38.78, longitude: -9.14 },
      { ...row, iata: 'BBB', tz: '\\N', latitude: 35.76, longitude: 140.39 },
      { ...row, iata: 'CCC', latitude: 40.64, longitude: -73.78 },
      { ...row, iata: 'DDD', latitude: 30, longitude: -40 },
    ]);
    expect(Object.fromEntries([...index.byIata].map(([code, a]) => [code, a.timeZone]))).toEqual({
      AAA: 'Europe/Lisbon',
      BBB: 'Asia/Tokyo',
      CCC: 'America/New_York',
    });
    // The bundled data names no zone for Istanbul's new airport or for Kiritimati's.
    expect(airportIndex().byIata.get('IST')).toMatchObject({ city: 'Istanbul', timeZone: 'Europe/Istanbul' });
    expect(airportIndex().byIata.get('CXI')).toMatchObject({ timeZone: 'Pacific/Kiritimati' });
  });
});
