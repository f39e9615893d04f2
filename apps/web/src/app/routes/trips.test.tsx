import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../test/shell-test-utils.tsx';
import { resetApiClient } from '../../lib/api-client.ts';
import { jsonResponse, mockFetch } from '../../lib/testing/fetch-mock.ts';
import { TRIP_FALLBACK_IMAGE } from '../../modules/trips/components/trip-image.ts';
import { makeTrip } from '../../modules/trips/testing/trip-fixtures.ts';
import { NO_TRIPS_TEXT, TripsPage } from './trips.tsx';
import { i18n } from '../../lib/i18n/i18n.ts';

function renderTrips() {
  return renderRoutes(
    [
      { path: '/trips', element: <TripsPage /> },
      { path: '/trips/:id', element: <p>trip detail</p> },
    ],
    { path: '/trips' },
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetApiClient();
});

describe('TripsPage', () => {
  it("[TRIP-19] shows 'You have no trips yet' when there are none", async () => {
    const fetch = mockFetch(() => jsonResponse(200, []));
    renderTrips();
    expect(await screen.findByText(i18n._(NO_TRIPS_TEXT))).toBeTruthy();
    expect(i18n._(NO_TRIPS_TEXT)).toBe('You have no trips yet');
    expect(fetch.to('/core/trips', 'GET')).toHaveLength(1);
  });

  it('[TRIP-19] cards show name, dd.mm.yyyy range, the ~940x650 compressed image and member avatars; a click opens the trip', async () => {
    mockFetch(() =>
      jsonResponse(200, [
        makeTrip(),
        makeTrip({
          _id: 't-2',
          tripName: 'Porto',
          startDate: null,
          endDate: null,
          image: { original: '', landscape: '' },
        }),
      ]),
    );
    const { router } = renderTrips();
    const cards = await screen.findAllByTestId('trip-card');
    expect(cards).toHaveLength(2);
    const first = within(cards[0]!);
    expect(first.getByRole('link', { name: 'Lisbon, Portugal' })).toBeTruthy();
    expect(first.getByTestId('trip-card-dates').textContent).toBe('05.05.2031 – 08.05.2031');
    expect(cards[0]!.querySelector('img')!.getAttribute('src')).toBe(
      '/api/uploads/lisbon-940.jpg?compress=940x650',
    );
    expect(within(first.getByRole('list', { name: 'members' })).getAllByRole('listitem')).toHaveLength(2);
    expect(first.getByRole('img', { name: 'Bob Stone' })).toBeTruthy();
    expect(cards[1]!.querySelector('img')!.getAttribute('src')).toBe(TRIP_FALLBACK_IMAGE);
    fireEvent.click(first.getByRole('link', { name: 'Lisbon, Portugal' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/trips/t-1'));
  });

  it('[TRIP-19] a failed load offers a retry', async () => {
    let fail = true;
    mockFetch(() =>
      fail ? jsonResponse(500, { statusCode: 500, code: 'X', message: 'x' }) : jsonResponse(200, []),
    );
    renderTrips();
    expect(await screen.findByRole('alert')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(i18n._(NO_TRIPS_TEXT))).toBeTruthy();
  });
});
