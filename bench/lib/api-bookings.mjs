/**
 * The bookings of `npm run bench:api`: the few bookings the seed gives each of the main user's
 * trips (through the API, as people add them), and the trips the 'add booking' scenario writes
 * into.
 *
 * A trip holds at most 500 bookings (TRIP_BOOKINGS_MAX in packages/contracts/src/trip-bookings.ts;
 * the 501st answers 400). The API and the raw reference write into the same database, each for
 * warm-up + duration at whatever rate it reaches (a few hundred a second for the API, more for
 * the raw reference): rotating over the main user's 20 trips would fill them within seconds and
 * measure refusals. So each measured run writes into trips of its own, made through the API just
 * before it (after the reads, so the trips list read is not changed), each with the main user's
 * chat partner along (a shared trip: every booking added notifies them), enough of them to hold
 * BOOKING_WRITES_CEILING creates a second for the whole run, filled in turn (round robin) and
 * counted here, so that no trip is sent more than it holds. Both runs start from empty trips
 * that fill at the same pace per request. Should a run ever outpace the ceiling, its last
 * requests answer 400: they show as non-2xx in the table (and a warning is printed), not as
 * successes.
 */
import { TRIP_BOOKINGS_MAX } from '../../packages/contracts/src/trip-bookings.ts';
import { call, mapLimit } from './load-client.mjs';

/** Bookings the seed adds to each of the main user's trips. */
export const BOOKINGS_PER_TRIP = 4;
/**
 * Creates a second the trips of one run are made to hold: above anything a loopback run reaches
 * here (on two cores the raw reference added 900–1,400 bookings a second, the API 150–300).
 */
export const BOOKING_WRITES_CEILING = 4000;

/**
 * The seed's bookings of one trip, in an order that is not the order they start in (the list is
 * answered soonest first): a stay at a point (its zone found from the point), a flight between
 * two airports (zones and points from the airport data), a train with its zone given, a table.
 */
export function tripBookingBodies(days, mainId, k) {
  const [first, second = first, third = second] = days;
  const last = days.at(-1) ?? first;
  return [
    {
      kind: 'lodging',
      title: 'Casa do Bench',
      provider: 'Bench Stays',
      confirmationCode: `HX${k}4411`,
      partySize: 2,
      cost: { amount: '420.00', currency: 'EUR' },
      start: {
        local: `${first}T15:00`,
        place: { name: 'Casa do Bench', address: 'Rua Augusta 100, Lisboa', lat: 38.7103, lng: -9.1371 },
      },
      end: { local: `${last}T11:00` },
    },
    {
      kind: 'flight',
      confirmationCode: `FL${k}7Q2`,
      carrier: 'TP',
      number: '1350',
      seat: '14C',
      travellers: [mainId],
      start: { local: `${first}T07:40`, place: { iata: 'FRA' } },
      end: { local: `${first}T09:35`, place: { iata: 'LIS' } },
    },
    {
      kind: 'train',
      title: 'Alfa Pendular to Porto',
      confirmationCode: `CP${k}5120`,
      carrier: 'CP',
      number: '123',
      start: { local: `${second}T09:00`, zone: 'Europe/Lisbon', place: { name: 'Lisboa Santa Apolónia' } },
      end: { local: `${second}T11:49`, zone: 'Europe/Lisbon', place: { name: 'Porto Campanhã' } },
    },
    {
      kind: 'restaurant',
      confirmationCode: `TB${k}88`,
      partySize: 4,
      notes: 'Window table, ask for the grilled fish.',
      start: {
        local: `${third}T20:00`,
        zone: 'Europe/Lisbon',
        place: { name: 'Taberna do Bench', lat: 41.1413, lng: -8.6111 },
      },
      end: { local: `${third}T22:00`, zone: 'Europe/Lisbon' },
    },
  ];
}

/** Adds the seed's bookings to each trip (`{ id, days }`) as `main`; rejects on any refusal. */
export async function seedTripBookings(main, trips) {
  await mapLimit(trips, 4, async (trip, k) => {
    for (const body of tripBookingBodies(trip.days, main.userId, k)) {
      const answer = await call(null, 'booking', main, 'POST', `/core/trips/${trip.id}/bookings`, body);
      if (answer.status !== 200 && answer.status !== 201) {
        throw new Error(
          `seed: booking (${body.kind}) of trip ${trip.id}: ${answer.status} ${JSON.stringify(answer.body)}`,
        );
      }
    }
  });
}

/**
 * The trips the 'add booking' scenario writes into: at first the main user's seeded trips (for
 * the samples), then, from each `prepare(seconds)`, trips of the run's own, made through the API.
 * `take()` answers the next trip with room and counts the booking it will get.
 */
export function createBookingTrips(seed) {
  let trips = seed.trips.map((t) => ({
    id: t.id,
    day: t.days[0],
    room: TRIP_BOOKINGS_MAX - BOOKINGS_PER_TRIP,
  }));
  let next = 0;
  let warned = false;
  return {
    take() {
      for (let k = 0; k < trips.length; k += 1) {
        const trip = trips[(next + k) % trips.length];
        if (trip.room > 0) {
          next = (next + k + 1) % trips.length;
          trip.room -= 1;
          return trip;
        }
      }
      if (!warned) {
        warned = true;
        console.warn(`add booking: every trip of the run is full; the remaining creates answer 400`);
      }
      return trips[0];
    },
    /** Fresh, empty trips for a run of `seconds` at up to BOOKING_WRITES_CEILING creates a second. */
    async prepare(seconds) {
      const count = Math.max(1, Math.ceil((BOOKING_WRITES_CEILING * seconds) / TRIP_BOOKINGS_MAX));
      const place = seed.catalogue[0];
      trips = await mapLimit(
        Array.from({ length: count }, (_, i) => i),
        8,
        async () => {
          const answer = await call(null, 'trip', seed.main, 'POST', '/core/trips', {
            placeId: place.placeId,
            startDate: seed.trips[0].days[0],
            endDate: seed.trips[0].days.at(-1),
            featureIds: [],
            members: [seed.partner.userId],
          });
          if (answer.status !== 201) throw new Error(`add booking: a trip to write into: ${answer.status}`);
          return { id: answer.body._id, day: seed.trips[0].days[0], room: TRIP_BOOKINGS_MAX };
        },
      );
      next = 0;
      warned = false;
    },
  };
}
