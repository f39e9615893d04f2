import {
  BOOKING_IMPORT_MAX_BYTES,
  MY_BOOKINGS_MAX,
  myBookingListSchema,
  myBookingsQuerySchema,
  TRIP_BOOKINGS_MAX,
  bookingImportBodySchema,
  bookingImportResultSchema,
  createTripBookingBodySchema,
  tripBookingListSchema,
  tripBookingParamsSchema,
  tripBookingSchema,
  updateTripBookingBodySchema,
} from '@tripcrew/contracts/trip-bookings';
import { tripIdParamsSchema } from '@tripcrew/contracts/trips';
import type { TripBookingsService } from './trip-bookings.service.ts';
import { deletedSchema, done, permissions, TRIP_ERRORS, tripRoutes } from '../routes/trip-route-options.ts';

const ADDERS = 'Admins, members, drivers and guides; guests, others and viewers read only (403).';
const OWNERS =
  'The admins, and the member, driver or guide who added the booking; anyone else 403 (guests, others and viewers read only).';
const TIMES =
  'Each time is local to where it happens (`local` "2026-12-01T07:40"); its `zone` is an IANA name, or is found from the place\'s airport code (`iata`) or its point. An end before its start, an unknown airport code or time zone, or a traveller who is not a member answers 400. Only an admin sets `hiddenFromShare` (403).';

/** The trip's bookings: flights, trains, the hotel, the rental car, tickets. */
export const tripBookingsRoutes = (service: TripBookingsService) =>
  tripRoutes((route) => {
    route.get('/core/bookings', {
      summary: "The caller's bookings across their trips, soonest first",
      description: `Of the trips the caller is a member of (any role), the bookings of the \`kind\`s asked for (repeat it; all when none), at most ${MY_BOOKINGS_MAX}, with the trip's name; \`upcoming=true\` leaves out those over for more than a day. Signed in.`,
      querystring: myBookingsQuerySchema,
      answer: myBookingListSchema,
      run: ({ userId, query }) => service.mine(userId, query),
    });

    route.get('/core/trips/:id/bookings', {
      summary: "The trip's bookings, soonest first",
      description: permissions('Every role, viewer included (read-only for guests, others and viewers).'),
      params: tripIdParamsSchema,
      answer: tripBookingListSchema,
      run: ({ userId, params }) => service.list(userId, params.id),
    });

    route.post('/core/trips/:id/bookings', {
      summary: 'Add a booking to the trip (a flight, a train, the hotel, a table, tickets)',
      description: permissions(
        `${TIMES} At most ${TRIP_BOOKINGS_MAX} bookings a trip; an \`_id\` already taken answers 409. Answers the new booking. ${ADDERS}`,
      ),
      params: tripIdParamsSchema,
      body: createTripBookingBodySchema,
      answer: tripBookingSchema,
      errors: [...TRIP_ERRORS, 409],
      run: ({ userId, params, body }) => service.add(userId, params.id, body),
    });

    route.post('/core/trips/:id/bookings/import', {
      summary: 'Read the bookings in a confirmation mail (.eml), an HTML page or an .ics file, to confirm',
      description: permissions(
        `Reads the schema.org reservation markup (JSON-LD and microdata) mail senders embed, or the events of an iCalendar file, with no network; writes nothing and answers the bookings found as create bodies (a start's zone may be missing), or a message saying why none were. At most ${BOOKING_IMPORT_MAX_BYTES / 1024 / 1024} MB. ${ADDERS}`,
      ),
      params: tripIdParamsSchema,
      body: bookingImportBodySchema,
      bodyLimit: BOOKING_IMPORT_MAX_BYTES * 2,
      answer: bookingImportResultSchema,
      run: ({ userId, params, body }) => service.read(userId, params.id, body),
    });

    route.patch('/core/trips/:id/bookings/:bookingId', {
      summary: 'Change a booking: its times, places, travellers or details',
      description: permissions(
        `${TIMES} A start or end is replaced whole. With \`version\`, a field someone else changed since answers 409 (decision 035); other fields merge. Answers the booking as it is now. ${OWNERS}`,
      ),
      params: tripBookingParamsSchema,
      body: updateTripBookingBodySchema,
      answer: tripBookingSchema,
      errors: [...TRIP_ERRORS, 409],
      run: ({ userId, params, body }) => service.update(userId, params.id, params.bookingId, body),
    });

    route.delete('/core/trips/:id/bookings/:bookingId', {
      summary: 'Remove a booking from the trip',
      description: permissions(OWNERS),
      params: tripBookingParamsSchema,
      answer: deletedSchema,
      run: ({ userId, params }) => done(service.remove(userId, params.id, params.bookingId)),
    });
  });
