import type { TripBooking } from '@tripcrew/contracts/trip-bookings';
import type { Planner } from '@tripcrew/contracts/trips';
import { apiUser, expect, logIn, screenshots, seedTravelWorld, test } from './fixtures.ts';

/** The browser is in Los Angeles: nothing on the page may read the bookings' times in its zone. */
test.use({ timezoneId: 'America/Los_Angeles' });

/** YYYY-MM-DD, `offset` days from today (the seeded trip runs from day 20 to day 23). */
function day(offset: number): string {
  const date = new Date();
  date.setDate(date.getDate() + offset);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/**
 * A confirmation mail as an airline and a hotel send it: HTML with schema.org reservations in
 * JSON-LD (a flight Paris → Lisbon at 07:40 Paris time, a hotel in Lisbon for the trip's nights).
 */
function confirmationMail(): string {
  const markup = [
    {
      '@context': 'http://schema.org',
      '@type': 'FlightReservation',
      reservationNumber: 'RXJ34P',
      underName: { '@type': 'Person', name: 'Ada Lovell' },
      reservationFor: {
        '@type': 'Flight',
        flightNumber: '433',
        airline: { '@type': 'Airline', name: 'TAP Air Portugal', iataCode: 'TP' },
        departureAirport: { '@type': 'Airport', name: 'Paris Charles de Gaulle', iataCode: 'CDG' },
        departureTime: `${day(20)}T07:40:00+01:00`,
        arrivalAirport: { '@type': 'Airport', name: 'Lisbon Humberto Delgado', iataCode: 'LIS' },
        arrivalTime: `${day(20)}T09:15:00+00:00`,
      },
    },
    {
      '@context': 'http://schema.org',
      '@type': 'LodgingReservation',
      reservationNumber: 'H-55120',
      reservationFor: {
        '@type': 'LodgingBusiness',
        name: 'Casa do Largo',
        address: {
          '@type': 'PostalAddress',
          streetAddress: 'Largo do Chafariz de Dentro 1',
          addressLocality: 'Lisboa',
        },
        geo: { '@type': 'GeoCoordinates', latitude: 38.7114, longitude: -9.1277 },
      },
      checkinTime: `${day(20)}T15:00:00+00:00`,
      checkoutTime: `${day(23)}T11:00:00+00:00`,
    },
  ];
  return [
    'From: Bookings <bookings@example.test>',
    'To: ada@example.test',
    'Subject: Your trip to Lisbon',
    'MIME-Version: 1.0',
    'Content-Type: text/html; charset=utf-8',
    '',
    `<html><head><script type="application/ld+json">${JSON.stringify(markup)}</script></head>`,
    '<body><p>Your flight and your stay are confirmed.</p><img src="https://tracker.example.test/open.gif"></body></html>',
    '',
  ].join('\r\n');
}

/**
 * [BOOKINGS-E2E-01] Ada imports a flight and a hotel from a saved confirmation mail with her
 * browser set to Los Angeles: both are on the right days at the times where they happen (07:40 in
 * Paris, never 22:40 the evening before), and the first day's route runs from the airport they land
 * at to the hotel, which starts the next day's route.
 */
test('[BOOKINGS-E2E-01] a flight and a hotel imported from a mail are on their days at local times; the day runs from the airport to the hotel', async ({
  page,
  request,
  problems,
}) => {
  const world = await seedTravelWorld(request, 'bookings');
  const ada = await apiUser(request, world.owner.email, world.owner.password);
  // A stop on each of the first two days, so each day has a route: from the airport on the day
  // the flight lands, from the hotel on the next.
  const planner = (await (await ada.call('GET', `/core/trips/${world.tripId}/planner`)).json()) as Planner;
  const stops = planner.tray.filter((item) => item.feature?.coordinates);
  if (stops.length < 2) throw new Error('the seeded trip has located features');
  for (const [offset, stop] of [20, 21].map((d, i) => [d, stops[i]] as const)) {
    const moved = await ada.call(
      'POST',
      `/core/trips/${world.tripId}/planner/items/${stop?._id ?? ''}/move`,
      {
        date: day(offset),
        index: 0,
      },
    );
    expect(moved.status()).toBe(200);
  }

  await logIn(page, world.owner.email, world.owner.password, `/trips/${world.tripId}?tab=bookings`);
  await expect(page.getByText('No bookings yet')).toBeVisible();
  await page.getByRole('button', { name: 'Import from a mail' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import bookings from a mail' });
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'confirmation.eml',
    mimeType: 'message/rfc822',
    buffer: Buffer.from(confirmationMail(), 'utf8'),
  });
  await expect(dialog.getByTestId('booking-import-draft')).toHaveCount(2);
  await screenshots(page, 'booking-import', false);
  await dialog.getByRole('button', { name: 'Add 2 bookings' }).click();
  await expect(dialog).toHaveCount(0);

  // Saved as local times with the zones where they happen.
  const bookings = (await (
    await ada.call('GET', `/core/trips/${world.tripId}/bookings`)
  ).json()) as TripBooking[];
  expect(bookings.map((b) => [b.kind, b.start.local, b.start.zone, b.end?.local, b.end?.zone])).toEqual([
    ['flight', `${day(20)}T07:40`, 'Europe/Paris', `${day(20)}T09:15`, 'Europe/Lisbon'],
    ['lodging', `${day(20)}T15:00`, 'Europe/Lisbon', `${day(23)}T11:00`, 'Europe/Lisbon'],
  ]);

  // The Bookings tab: both under the first day, at their local times.
  const firstDay = new RegExp(`\\b${Number(day(20).slice(8))} \\w+ \\d{4}`);
  await expect(page.getByTestId('trip-bookings-day')).toHaveText([firstDay]);
  const [flight, hotel] = [page.getByTestId('trip-booking').nth(0), page.getByTestId('trip-booking').nth(1)];
  await expect(flight).toContainText('TP 433');
  await expect(flight).toContainText(/07:40 (CET|GMT\+1)/);
  await expect(flight).toContainText(/09:15 (WET|GMT)/);
  await expect(hotel).toContainText('Casa do Largo');
  await expect(hotel).toContainText(/15:00 (WET|GMT)/);
  await expect(page.getByText(/22:40/)).toHaveCount(0);
  await screenshots(page, 'bookings-tab');
  await page.getByRole('button', { name: 'Add a booking' }).click();
  await screenshots(page, 'booking-form', false);
  await page.keyboard.press('Escape');

  // The planner: the flight and the check-in on day 1 at their times, the route from the hotel.
  await page.getByRole('tab', { name: 'planner' }).click();
  const day1 = page.getByTestId('planner-day').first();
  await expect(day1.getByTestId('planner-booking-time').first()).toContainText('07:40');
  await expect(day1.getByTestId('planner-booking-title')).toContainText(['433', 'Casa do Largo']);
  // The day starts where the flight lands and ends at the hotel; the next day starts there.
  await expect(day1.getByTestId('planner-home-start')).toContainText('LIS');
  await expect(day1.getByTestId('planner-home-end')).toContainText('Casa do Largo');
  await expect(page.getByTestId('planner-day').nth(1).getByTestId('planner-home-start')).toContainText(
    'Casa do Largo',
  );
  const day4 = page.getByTestId('planner-day').nth(3);
  await expect(day4.getByTestId('planner-booking')).toContainText(/Check-out/);

  await screenshots(page, 'bookings-planner');
  await page.goto('/flights');
  await expect(page.getByText('TP 433').first()).toBeVisible();
  await screenshots(page, 'my-flights');

  expect(problems.consoleErrors).toEqual([]);
  expect(problems.cspViolations).toEqual([]);
});
