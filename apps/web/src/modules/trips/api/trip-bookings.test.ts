import { describe, expect, it } from 'vitest';
import { freshApiClientPerTest } from '../../../lib/testing/api-client-setup.ts';
import { jsonResponse, mockFetch, setCookie } from '../../../lib/testing/fetch-mock.ts';
import { bookingsKey, importTripBookings } from './trip-bookings.ts';
import { tripKeys } from './trip-keys.ts';

freshApiClientPerTest();

describe('trip bookings API', () => {
  it('[BOOKINGS-WEB-24] the list sits under tripKeys.all, so a live trip frame refetches it', () => {
    expect(bookingsKey('t-1').slice(0, tripKeys.all.length)).toEqual([...tripKeys.all]);
  });

  it('[BOOKINGS-WEB-25] an import posts the file and keeps the drafts of a known kind with a start (a missing local time reads empty)', async () => {
    setCookie('csrf-token', 'test-csrf');
    const fetch = mockFetch(() =>
      jsonResponse(200, {
        bookings: [
          { kind: 'flight', start: { local: '2026-12-01T07:40', place: { iata: 'LIS' } } },
          { kind: 'train', start: { place: { name: 'Lisboa Oriente' } } },
          { kind: 'spaceship', start: { local: '2026-12-01T07:40' } },
          { kind: 'event' },
        ],
        message: null,
      }),
    );
    const result = await importTripBookings('t-1', { format: 'html', content: '<p>mail</p>' });
    expect(fetch.to('/core/trips/t-1/bookings/import', 'POST').map((request) => request.body)).toEqual([
      { format: 'html', content: '<p>mail</p>' },
    ]);
    expect(result).toEqual({
      bookings: [
        { kind: 'flight', start: { local: '2026-12-01T07:40', place: { iata: 'LIS' } } },
        { kind: 'train', start: { local: '', place: { name: 'Lisboa Oriente' } } },
      ],
      message: null,
    });
  });
});
