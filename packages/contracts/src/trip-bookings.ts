import { z } from 'zod';
import { baseVersionSchema, idSchema, lineText, multiLineText } from './common.ts';
import { amountTextSchema, currencyCodeSchema } from './expenses.ts';
import { isLocalDateTime, isTimeZone } from './zoned-time.ts';

/**
 * A trip's bookings (a sub-resource of trips): flights, trains, the hotel, the rental car, the
 * concert tickets. Each has a start and, for most kinds, an end: a local date-time with the IANA
 * zone of where it happens (the server finds the zone from an airport's IATA code or the place's
 * point when none is given) and the instant that makes, so a 07:40 departure from Lisbon reads
 * 07:40 in every browser. Transport goes from the start's place to the end's; lodging's start is
 * the check-in, its end the check-out at the same place; a car rental's are the pick-up and the
 * drop-off; a restaurant, event or tour has its place and its start and end.
 */
export const BOOKING_KINDS = [
  'flight',
  'train',
  'bus',
  'ferry',
  'car-rental',
  'lodging',
  'restaurant',
  'event',
  'tour',
  'other',
] as const;
export type BookingKind = (typeof BOOKING_KINDS)[number];
/** The kinds that take their travellers from one place to another: legs of the plan, lines on the map. */
export const TRANSPORT_KINDS: readonly BookingKind[] = ['flight', 'train', 'bus', 'ferry'];

/** A booking of each kind in an English sentence: "Ben added a train booking". */
const KIND_PHRASES: Record<string, string> = {
  flight: 'a flight',
  train: 'a train booking',
  bus: 'a bus booking',
  ferry: 'a ferry booking',
  'car-rental': 'a car rental',
  lodging: 'a stay',
  restaurant: 'a table',
  event: 'tickets',
  tour: 'a tour',
  other: 'a booking',
};
export const bookingKindPhrase = (kind: string): string => KIND_PHRASES[kind] ?? 'a booking';
/** What was done to a booking, in the same sentences. */
export const BOOKING_ACTION_WORDS = {
  added: 'added',
  changed: 'changed the times of',
  removed: 'removed',
} as const;

export const BOOKING_TITLE_MAX = 120;
export const BOOKING_TEXT_MAX = 120;
export const BOOKING_CODE_MAX = 40;
export const BOOKING_NOTES_MAX = 4000;
/** The most bookings a trip holds. */
export const TRIP_BOOKINGS_MAX = 500;

const LATITUDE = 'Latitude must be between -90 and 90';
const LONGITUDE = 'Longitude must be between -180 and 180';

/** Where a booking's start or end happens. `iata` is an airport's code (its point comes from the airport data). */
export const bookingPlaceSchema = z.object({
  name: z.string(),
  address: z.string(),
  coordinates: z.object({ lat: z.number(), lng: z.number() }).nullable(),
  /** An airport's three-letter IATA code, or null. */
  iata: z.string().nullable(),
});
export type BookingPlace = z.infer<typeof bookingPlaceSchema>;

/** A booking's start or end: local date-time, its zone and the instant they make. */
export const bookingEndSchema = z.object({
  /** "2026-12-01T07:40", local to where it happens. */
  local: z.string(),
  /** IANA zone of where it happens ("Europe/Lisbon"). */
  zone: z.string(),
  /** The instant, ISO 8601 in UTC. */
  at: z.string(),
  place: bookingPlaceSchema.nullable(),
});
export type BookingEnd = z.infer<typeof bookingEndSchema>;

/** The most files a booking holds, and the largest one (an image is re-encoded smaller). */
export const BOOKING_FILES_MAX = 10;
export const BOOKING_FILE_MAX_BYTES = 10 * 1024 * 1024;

/** A file attached to a booking: a boarding pass, the hotel's confirmation, the tickets. */
export const bookingFileSchema = z.object({
  _id: z.string(),
  /** The name it was sent with, cleaned, ending in .pdf or .webp. */
  name: z.string(),
  type: z.enum(['application/pdf', 'image/webp']),
  size: z.number().int(),
  createdBy: z.string().nullable().describe('user id of who attached it'),
  createdAt: z.string(),
  /** Where the trip's members fetch it (GET, signed in). */
  url: z.string(),
});
export type BookingFile = z.infer<typeof bookingFileSchema>;

/** The path of a booking's file, as the API serves it to the trip's members. */
export const bookingFilePath = (tripId: string, bookingId: string, fileId: string) =>
  `/api/core/trips/${tripId}/bookings/${bookingId}/files/${fileId}`;

export const tripBookingSchema = z.object({
  _id: z.string(),
  kind: z.enum(BOOKING_KINDS),
  title: z.string(),
  provider: z.string(),
  confirmationCode: z.string(),
  /** Airline, rail company, ferry line: the carrier's name or code ("TP"). */
  carrier: z.string(),
  /** Flight or train number ("1350"). */
  number: z.string(),
  seat: z.string(),
  partySize: z.number().int().nullable(),
  /** User ids of the members it covers. */
  travellers: z.array(z.string()),
  cost: z.object({ amount: z.string(), currency: z.string() }).nullable(),
  notes: z.string(),
  /** True when an admin keeps it off the public share page. */
  hiddenFromShare: z.boolean(),
  start: bookingEndSchema,
  end: bookingEndSchema.nullable(),
  /** Its files, oldest first (members only: never on the share page). */
  files: z.array(bookingFileSchema),
  createdBy: z.string().nullable().describe('user id of who added it'),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Raised by one on each change (decision 035). */
  version: z.number().int(),
});
export type TripBooking = z.infer<typeof tripBookingSchema>;
export const tripBookingListSchema = z.array(tripBookingSchema);

const text = (what: string, max = BOOKING_TEXT_MAX) =>
  lineText().max(max, `${what} has at most ${max} characters`);

/** A place given for a start or end: an airport code, or a name with an optional point. */
export const bookingPlaceBodySchema = z
  .strictObject({
    name: text('A place name').optional(),
    address: text('An address', 300).optional(),
    lat: z.number({ error: 'The latitude is a number' }).min(-90, LATITUDE).max(90, LATITUDE).optional(),
    lng: z.number({ error: 'The longitude is a number' }).min(-180, LONGITUDE).max(180, LONGITUDE).optional(),
    iata: lineText()
      .regex(/^[A-Za-z]{3}$/, 'An airport code has three letters, like LIS')
      .transform((code) => code.toUpperCase())
      .optional(),
  })
  .superRefine((place, ctx) => {
    if ((place.lat === undefined) !== (place.lng === undefined)) {
      ctx.addIssue({
        code: 'custom',
        message: 'Give both the latitude (lat) and the longitude (lng) of the place',
        path: [place.lat === undefined ? 'lat' : 'lng'],
      });
    }
    if (!place.iata && !place.name && place.lat === undefined) {
      ctx.addIssue({ code: 'custom', message: 'Name the place, or give an airport code', path: ['name'] });
    }
  });
export type BookingPlaceBody = z.input<typeof bookingPlaceBodySchema>;

/** A start or end as given: the local time, and the zone unless the place gives it. */
export const bookingEndBodySchema = z.strictObject({
  local: lineText().refine(
    isLocalDateTime,
    'Give the date and time as YYYY-MM-DDTHH:mm, a day that exists, like 2026-12-01T07:40',
  ),
  zone: lineText().refine(isTimeZone, 'Unknown time zone: use an IANA name such as Europe/Lisbon').optional(),
  place: bookingPlaceBodySchema.nullable().optional(),
});
export type BookingEndBody = z.input<typeof bookingEndBodySchema>;

const costBodySchema = z.strictObject({ amount: amountTextSchema, currency: currencyCodeSchema });

const BOOKING_FIELDS = {
  title: text('A title', BOOKING_TITLE_MAX).optional(),
  provider: text('A provider').optional(),
  confirmationCode: text('A confirmation code', BOOKING_CODE_MAX).optional(),
  carrier: text('A carrier').optional(),
  number: text('A number', 20).optional(),
  seat: text('A seat', 40).optional(),
  partySize: z
    .number({ error: 'The party size is a number' })
    .int('The party size is a whole number')
    .min(1, 'A party is at least 1')
    .max(500, 'A party is at most 500')
    .nullable()
    .optional(),
  travellers: z
    .array(idSchema, { error: 'Travellers are a list of member ids' })
    .max(50, 'At most 50 travellers')
    .optional(),
  cost: costBodySchema.nullable().optional(),
  notes: multiLineText()
    .max(BOOKING_NOTES_MAX, `Notes have at most ${BOOKING_NOTES_MAX} characters`)
    .optional(),
  hiddenFromShare: z.boolean({ error: 'hiddenFromShare is true or false' }).optional(),
  end: bookingEndBodySchema.nullable().optional(),
};

/** POST /core/trips/{id}/bookings: a kind and a start; the rest optional (the title defaults from them). */
export const createTripBookingBodySchema = z.strictObject({
  /** Optional id chosen by the client (a UUID), so a booking added offline can be changed offline too. */
  _id: z.uuid('A booking id must be a UUID').optional(),
  kind: z.enum(BOOKING_KINDS, { error: `The kind is one of ${BOOKING_KINDS.join(', ')}` }),
  ...BOOKING_FIELDS,
  start: bookingEndBodySchema,
});
export type CreateTripBookingBody = z.input<typeof createTripBookingBodySchema>;

const UPDATABLE = ['kind', 'start', ...Object.keys(BOOKING_FIELDS)] as const;

/** PATCH /core/trips/{id}/bookings/{bookingId}: any of the fields (a start or end is replaced whole). */
export const updateTripBookingBodySchema = z
  .strictObject({
    kind: z.enum(BOOKING_KINDS, { error: `The kind is one of ${BOOKING_KINDS.join(', ')}` }).optional(),
    ...BOOKING_FIELDS,
    start: bookingEndBodySchema.optional(),
    /** The version of the booking the edit started from (decision 035): 409 if the same field changed since. */
    version: baseVersionSchema,
  })
  .refine((body) => UPDATABLE.some((field) => body[field as keyof typeof body] !== undefined), {
    message: 'Nothing to update',
    path: [],
  });
export type UpdateTripBookingBody = z.input<typeof updateTripBookingBodySchema>;

export const tripBookingParamsSchema = z.strictObject({ id: idSchema, bookingId: idSchema });
export const bookingFileParamsSchema = z.strictObject({
  id: idSchema,
  bookingId: idSchema,
  fileId: idSchema,
});

/**
 * GET /core/bookings?kind=flight&kind=train (signed in): the caller's bookings across the trips
 * they are a member of (the header's flights, stays and car rentals), soonest first; `upcoming`
 * leaves out those that ended (or, without an end, started) more than a day ago.
 */
export const myBookingsQuerySchema = z.strictObject({
  kind: z
    .union([z.enum(BOOKING_KINDS), z.array(z.enum(BOOKING_KINDS)).max(BOOKING_KINDS.length)], {
      error: `The kind is one of ${BOOKING_KINDS.join(', ')}`,
    })
    .optional(),
  upcoming: z.enum(['true', 'false'], { error: 'upcoming is true or false' }).optional(),
});
export const myBookingSchema = z.object({
  trip: z.object({ _id: z.string(), tripName: z.string() }),
  booking: tripBookingSchema,
});
export type MyBooking = z.infer<typeof myBookingSchema>;
export const myBookingListSchema = z.array(myBookingSchema);
/** The most bookings GET /core/bookings answers. */
export const MY_BOOKINGS_MAX = 200;

/** POST /core/trips/{id}/bookings/import: a saved mail (.eml), an HTML page or pasted HTML, or an .ics. */
export const BOOKING_IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const bookingImportBodySchema = z.strictObject({
  format: z.enum(['eml', 'html', 'ics'], { error: 'The format is eml, html or ics' }),
  /** The file's text (a mail's raw source, HTML or iCalendar). */
  content: z
    .string({ error: 'Give the content of the mail or file' })
    .min(1, 'The file is empty')
    .max(BOOKING_IMPORT_MAX_BYTES, 'A mail or file to import is at most 2 MB'),
});
export type BookingImportBody = z.input<typeof bookingImportBodySchema>;

/** What an import found: bookings to confirm (create bodies, the start zone possibly missing). */
export const bookingImportResultSchema = z.object({
  bookings: z.array(z.record(z.string(), z.unknown())),
  /** What the reader says about the file when it found nothing ("This mail holds no booking markup."). */
  message: z.string().nullable(),
});
export type BookingImportResult = { bookings: CreateTripBookingBody[]; message: string | null };
