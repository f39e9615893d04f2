import type { Place } from '@tripcrew/contracts/places';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes, resetMocksAfterEach } from '../../../../../test/shell-test-utils.tsx';
import { FlightPage } from '../../../../app/routes/flight.tsx';
import { distanceKm, fliesToOrFrom, NEAR_PLACE_KM } from './flight-place-match.ts';
import {
  BOOKINGS_PATH,
  lisbonFlight,
  mockMyBookings,
  namedNiceFlight,
  niceFlight,
} from './my-bookings-test-fixtures.ts';

resetMocksAfterEach();

const NICE: Place = {
  _id: 'p-nice',
  title: 'Nice',
  type: 'City',
  country: 'France',
  countryCode: 'FR',
  region: "Provence-Alpes-Côte d'Azur",
  short: 'The Riviera city.',
  image: { original: '/images/nice.jpg', photographer: '', id: '', source: 'tripcrew' },
  coordinates: { lat: 43.7, lng: 7.27 },
  population: 340_000,
  featureCount: 12,
};

function renderFlightPage(placeId: string, signedIn = true) {
  return renderRoutes(
    [
      { path: '/flight/:placeId', element: <FlightPage /> },
      { path: '/flights', element: <p>all flights</p> },
    ],
    { path: `/flight/${placeId}`, signedIn },
  );
}

const titles = () =>
  screen
    .getAllByTestId('my-booking')
    .map((row) => within(row).getByRole('heading', { level: 3 }).textContent);

describe('the flight page of a place', () => {
  it('[BOOKING-PAGES-11] lists the flights to or from the place: an airport within 60 km, or named after it', async () => {
    const fetch = mockMyBookings({
      upcoming: [lisbonFlight, niceFlight, namedNiceFlight],
      other: { '/core/places/place/p-nice': NICE },
    });
    renderFlightPage('p-nice');
    expect(await screen.findByRole('heading', { level: 1, name: 'Flights to and from Nice' })).toBeTruthy();
    await screen.findAllByTestId('my-booking');
    // Nice airport (7 km away) by its point; "Nice Côte d'Azur" without a point by its name.
    expect(titles()).toEqual(['Flight', 'Home from the Riviera']);
    expect(within(screen.getAllByTestId('my-booking')[0]!).getByTestId('my-booking-end').textContent).toBe(
      '19:10 CET',
    );
    expect(fetch.to(BOOKINGS_PATH)[0]!.query.getAll('kind')).toEqual(['flight']);
  });

  it('[BOOKING-PAGES-12] with no flight there, it says how to add one', async () => {
    mockMyBookings({ upcoming: [lisbonFlight], other: { '/core/places/place/p-nice': NICE } });
    renderFlightPage('p-nice');
    const empty = await screen.findByTestId('my-bookings-empty');
    expect(empty.textContent).toContain('No flights to or from Nice coming up');
    expect(empty.textContent).toContain("'Add a booking'");
    expect(within(empty).getByRole('link', { name: 'All your flights' }).getAttribute('href')).toBe(
      '/flights',
    );
    expect(screen.getByRole('button', { name: 'Add a booking' })).toBeTruthy();
  });

  it('[BOOKING-PAGES-13] a place that cannot be found shows all the flights, and says so', async () => {
    mockMyBookings({ upcoming: [lisbonFlight, niceFlight] });
    renderFlightPage('p-nowhere');
    expect(await screen.findByRole('heading', { level: 1, name: 'Flights' })).toBeTruthy();
    expect(screen.getByText('We could not find this place, so all your flights are shown.')).toBeTruthy();
    expect(await screen.findAllByTestId('my-booking')).toHaveLength(2);
  });

  it('[BOOKING-PAGES-14] a visitor reads what the page does and how to sign in; nothing is asked of the server', async () => {
    const fetch = mockMyBookings({ upcoming: [niceFlight], other: { '/core/places/place/p-nice': NICE } });
    renderFlightPage('p-nice', false);
    await screen.findByRole('heading', { level: 1, name: 'Flights' });
    expect(screen.getByTestId('my-bookings-signed-out').textContent).toContain(
      'Your flights to and from this place from every trip, in one list, at their local times',
    );
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      '/auth?returnTo=%2Fflight%2Fp-nice',
    );
    // No lookup of the place either: an unknown id would only log a failed request.
    expect(fetch.requests).toHaveLength(0);
  });
});

describe('fliesToOrFrom', () => {
  const nice = { title: 'Nice', coordinates: NICE.coordinates };

  it('[BOOKING-PAGES-15] matches by the departure or arrival point within 60 km, else by a whole-word name', () => {
    expect(distanceKm({ lat: 43.66, lng: 7.21 }, nice.coordinates!)).toBeLessThan(10);
    expect(fliesToOrFrom(niceFlight, nice)).toBe(true);
    expect(fliesToOrFrom(namedNiceFlight, nice)).toBe(true);
    expect(fliesToOrFrom(lisbonFlight, nice)).toBe(false);
    // Cannes-Mandelieu (about 27 km) serves Nice; Marseille (about 160 km) does not.
    const at = (lat: number, lng: number) => ({
      ...lisbonFlight,
      booking: {
        ...lisbonFlight.booking,
        end: {
          ...lisbonFlight.booking.end!,
          place: { name: 'X', address: '', coordinates: { lat, lng }, iata: null },
        },
      },
    });
    expect(fliesToOrFrom(at(43.55, 6.95), nice)).toBe(true);
    expect(fliesToOrFrom(at(43.44, 5.21), nice)).toBe(false);
    expect(distanceKm({ lat: 43.44, lng: 5.21 }, nice.coordinates!)).toBeGreaterThan(NEAR_PLACE_KM);
    // A name that only contains the place's letters is not it; a place without a point matches by name.
    const named = (name: string) => ({
      ...lisbonFlight,
      booking: {
        ...lisbonFlight.booking,
        start: { ...lisbonFlight.booking.start, place: { name, address: '', coordinates: null, iata: null } },
        end: null,
      },
    });
    expect(fliesToOrFrom(named('Venice Marco Polo'), nice)).toBe(false);
    expect(fliesToOrFrom(named('NICE'), { title: 'Nice', coordinates: null })).toBe(true);
  });
});
