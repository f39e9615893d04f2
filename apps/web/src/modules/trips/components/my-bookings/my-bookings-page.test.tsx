import { onlineManager } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes, resetMocksAfterEach } from '../../../../../test/shell-test-utils.tsx';
import { BnbsPage, CarsPage, FlightsPage } from '../../../../app/routes/booking.tsx';
import { jsonResponse, mockFetch } from '../../../../lib/testing/fetch-mock.ts';
import { makeTrip } from '../../testing/trip-fixtures.ts';
import {
  BOOKINGS_PATH,
  lisbonFlight,
  lisbonStay,
  mockMyBookings,
  niceFlight,
  pastFlight,
} from './my-bookings-test-fixtures.ts';

resetMocksAfterEach();

const savedZone = process.env.TZ;
afterEach(() => {
  process.env.TZ = savedZone;
  onlineManager.setOnline(true);
});

function renderPage(path = '/flights', signedIn = true) {
  return renderRoutes(
    [
      { path: '/flights', element: <FlightsPage /> },
      { path: '/bnbs', element: <BnbsPage /> },
      { path: '/cars', element: <CarsPage /> },
      { path: '/trips/:id', element: <p>trip page</p> },
      { path: '/auth', element: <p>sign in page</p> },
    ],
    { path, signedIn },
  );
}

/**
 * A browser in `zone`: process.env.TZ for a test process of its own, and, since a worker thread
 * keeps the zone it started with, every Intl date format that names no zone of its own.
 */
function browserInZone(zone: string) {
  process.env.TZ = zone;
  const Platform = Intl.DateTimeFormat;
  class InZone extends Platform {
    constructor(locales?: Intl.LocalesArgument, options?: Intl.DateTimeFormatOptions) {
      super(locales, { ...options, timeZone: options?.timeZone ?? zone });
    }
  }
  vi.stubGlobal('Intl', Object.assign(Object.create(Intl) as typeof Intl, { DateTimeFormat: InZone }));
}

const rows = () => screen.findAllByTestId('my-booking');
const row = (title: string) => within(screen.getByRole('heading', { level: 3, name: title }).closest('li')!);

describe('the header book pages', () => {
  it("[BOOKING-PAGES-01] lists the signed-in user's flights across trips at their local times", async () => {
    const fetch = mockMyBookings({ upcoming: [lisbonFlight, niceFlight] });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Your flights' })).toBeTruthy();
    expect(await rows()).toHaveLength(2);

    const lisbon = row('Lisbon to New York');
    expect(lisbon.getByText('Flight · TAP Air Portugal · TP 1350')).toBeTruthy();
    expect(lisbon.getByTestId('my-booking-route').textContent?.replace(/\s+/g, ' ')).toBe(
      'LIS · Lisbon → to JFK · New York JFK',
    );
    expect(lisbon.getByTestId('my-booking-day').textContent).toMatch(/^Tuesday,? 1 December 2026$/);
    expect(lisbon.getByTestId('my-booking-start').textContent).toBe('07:40 WET');
    expect(lisbon.getByTestId('my-booking-end').textContent).toBe('10:30 EST');
    expect(lisbon.getByTestId('my-booking-duration').textContent).toBe('7 h 50');
    const trip = lisbon.getByRole('link', { name: 'Trip: Lisbon, Portugal' });
    expect(trip.getAttribute('href')).toBe('/trips/t-1?tab=bookings');

    // A booking without a title is called by its kind; its trip is the other one.
    const nice = row('Flight');
    expect(nice.getByTestId('my-booking-start').textContent).toBe('18:05 CET');
    expect(nice.getByTestId('my-booking-duration').textContent).toBe('1 h 05');
    expect(nice.getByRole('link', { name: 'Trip: Riviera weekend' }).getAttribute('href')).toBe(
      '/trips/t-2?tab=bookings',
    );

    // One request: the flights still to come.
    const [request] = fetch.to(BOOKINGS_PATH, 'GET');
    expect(fetch.to(BOOKINGS_PATH, 'GET')).toHaveLength(1);
    expect(request!.query.getAll('kind')).toEqual(['flight']);
    expect(request!.query.get('upcoming')).toBe('true');
  });

  it("[BOOKING-PAGES-02] the time shown is the booking's local time (07:40), whatever the browser's zone", async () => {
    for (const zone of ['America/Los_Angeles', 'Asia/Tokyo', 'Pacific/Kiritimati']) {
      browserInZone(zone);
      // The browser's clock really is elsewhere: the departure's instant does not read 07:40 there.
      const there = new Intl.DateTimeFormat('en-GB', {
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      });
      expect(there.resolvedOptions().timeZone).toBe(zone);
      expect(there.format(new Date(lisbonFlight.booking.start.at))).not.toBe('07:40');
      mockMyBookings({ upcoming: [lisbonFlight] });
      const { unmount } = renderPage();
      const found = within((await rows())[0]!);
      expect(found.getByTestId('my-booking-start').textContent).toBe('07:40 WET');
      expect(found.getByTestId('my-booking-end').textContent).toBe('10:30 EST');
      expect(found.getByTestId('my-booking-day').textContent).toMatch(/^Tuesday,? 1 December 2026$/);
      unmount();
      vi.unstubAllGlobals();
    }
  });

  it('[BOOKING-PAGES-03] a visitor reads what the page does and how to sign in, and nothing is asked of the server', async () => {
    const fetch = mockMyBookings({ upcoming: [lisbonFlight] });
    renderPage('/flights', false);
    expect(await screen.findByRole('heading', { level: 1, name: 'Your flights' })).toBeTruthy();
    expect(screen.getByTestId('my-bookings-signed-out').textContent).toContain(
      'Your flights from every trip in one list, at their local times',
    );
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      '/auth?returnTo=%2Fflights',
    );
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe(
      '/auth/register?returnTo=%2Fflights',
    );
    expect(screen.queryByRole('button', { name: 'Add a booking' })).toBeNull();
    expect(fetch.to(BOOKINGS_PATH)).toHaveLength(0);
  });

  it('[BOOKING-PAGES-04] with no flights, the empty state says how to add one; "Add a booking" asks which trip and opens its bookings tab', async () => {
    const user = userEvent.setup();
    mockMyBookings({
      upcoming: [],
      other: {
        '/core/trips': [
          makeTrip({ _id: 't-1', tripName: 'Lisbon, Portugal' }),
          makeTrip({ _id: 't-viewer', tripName: 'Only watching', myRole: 'viewer' }),
          makeTrip({ _id: 't-2', tripName: 'Riviera weekend', myRole: 'member' }),
        ],
      },
    });
    const { router } = renderPage();
    const empty = await screen.findByTestId('my-bookings-empty');
    expect(empty.textContent).toContain('No flights coming up');
    expect(empty.textContent).toContain("'Add a booking'");
    expect(empty.textContent).toContain("'Import from a mail'");

    await user.click(screen.getByRole('button', { name: 'Add a booking' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add to which trip?' }));
    const select = await dialog.findByRole('combobox', { name: 'Trip' });
    // Only the trips the user may add bookings to.
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Lisbon, Portugal', 'Riviera weekend']);
    await user.selectOptions(select, 't-2');
    await user.click(dialog.getByRole('button', { name: 'Continue' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/trips/t-2'));
    expect(router.state.location.search).toBe('?tab=bookings&add=flight');
  });

  it('[BOOKING-PAGES-05] "Import from a mail" asks which trip and opens its mail import', async () => {
    const user = userEvent.setup();
    mockMyBookings({ upcoming: [], other: { '/core/trips': [makeTrip({ _id: 't-1' })] } });
    const { router } = renderPage('/bnbs');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your stays' })).toBeTruthy();
    expect((await screen.findByTestId('my-bookings-empty')).textContent).toContain('No stays coming up');
    await user.click(screen.getByRole('button', { name: 'Import from a mail' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Import into which trip?' }));
    await user.click(await dialog.findByRole('button', { name: 'Continue' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/trips/t-1'));
    expect(router.state.location.search).toBe('?tab=bookings&import=1');
  });

  it('[BOOKING-PAGES-06] with no trip to add to, the dialog says to create one first', async () => {
    const user = userEvent.setup();
    mockMyBookings({ upcoming: [], other: { '/core/trips': [makeTrip({ myRole: 'viewer' })] } });
    renderPage('/cars');
    await screen.findByTestId('my-bookings-empty');
    await user.click(screen.getByRole('button', { name: 'Add a booking' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect((await dialog.findByText(/you have no trip you can add them to yet/)).textContent).toBeTruthy();
    expect(dialog.getByRole('link', { name: 'Find a place' }).getAttribute('href')).toBe('/');
  });

  it('[BOOKING-PAGES-07] stays and car rentals list their own kinds', async () => {
    const fetch = mockMyBookings({ upcoming: [lisbonFlight, lisbonStay] });
    const { router } = renderPage('/bnbs');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your stays' })).toBeTruthy();
    expect(await rows()).toHaveLength(1);
    const stay = row('Casa Ana');
    expect(stay.getByTestId('my-booking-route').textContent).toBe('Casa AnaRua das Flores 12');
    expect(stay.getByTestId('my-booking-start').textContent).toBe('15:00 WET');
    expect(stay.getByTestId('my-booking-end').textContent).toBe('5 Dec, 11:00 WET');
    expect(stay.queryByTestId('my-booking-duration')).toBeNull();
    expect(fetch.to(BOOKINGS_PATH)[0]!.query.getAll('kind')).toEqual(['lodging']);

    await router.navigate('/cars');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your car rentals' })).toBeTruthy();
    expect((await screen.findByTestId('my-bookings-empty')).textContent).toContain(
      'No car rentals coming up',
    );
    expect(fetch.to(BOOKINGS_PATH).at(-1)!.query.getAll('kind')).toEqual(['car-rental']);
  });

  it('[BOOKING-PAGES-08] past flights come behind a toggle, most recent first', async () => {
    const user = userEvent.setup();
    const older = { ...pastFlight, booking: { ...pastFlight.booking, _id: 'b-older', title: 'Older trip' } };
    const fetch = mockMyBookings({
      upcoming: [lisbonFlight],
      all: [older, pastFlight, lisbonFlight],
    });
    renderPage();
    await rows();
    expect(screen.queryByTestId('my-bookings-past')).toBeNull();
    const toggle = screen.getByRole('button', { name: 'Show past ones' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    const past = within(await screen.findByTestId('my-bookings-past'));
    expect(past.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'Porto to Lisbon',
      'Older trip',
    ]);
    expect(screen.getByRole('button', { name: 'Hide past ones' }).getAttribute('aria-expanded')).toBe('true');
    const asked = fetch.to(BOOKINGS_PATH).map((request) => request.query.get('upcoming'));
    expect(asked).toEqual(['true', null]);
  });

  it('[BOOKING-PAGES-09] a failed load offers a retry', async () => {
    const user = userEvent.setup();
    let fail = true;
    mockFetch(() =>
      fail
        ? jsonResponse(500, { statusCode: 500, code: 'X', message: 'x' })
        : jsonResponse(200, [lisbonFlight]),
    );
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toContain('We could not load your bookings.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await rows()).toHaveLength(1);
  });

  it('[BOOKING-PAGES-10] offline with nothing kept, it says the list loads once back online; import waits for the network', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    onlineManager.setOnline(false);
    const fetch = mockMyBookings({ upcoming: [lisbonFlight] });
    renderPage();
    expect((await screen.findByRole('status')).textContent).toBe(
      "Your bookings load when you're back online.",
    );
    expect(fetch.to(BOOKINGS_PATH)).toHaveLength(0);
    expect((screen.getByRole('button', { name: 'Import from a mail' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect((screen.getByRole('button', { name: 'Add a booking' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
