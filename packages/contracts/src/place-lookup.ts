import { z } from 'zod';
import { CONTROL_CHARACTERS_MESSAGE, isCleanLine, lineText } from './common.ts';
import { coordinatesSchema } from './places.ts';

/**
 * Finding where things are, for places of a trip's own and bookings: the lookup of towns and
 * addresses (a geocoder when the server has one), airports by IATA code and the time zone at a
 * point. Apart from places.ts so that the first download (which reads places.ts for the home
 * page's search) does not carry these schemas.
 */

// ---------------------------------------------------------------- lookup (places of a trip's own)

export const PLACE_LOOKUP_MAX_RESULTS = 10;
/** A number from the query string: '' is refused (a coercion would read it as 0). */
const queryNumber = (name: string, min: number, max: number) => {
  const range = `${name[0]?.toUpperCase()}${name.slice(1)} must be between ${min} and ${max}`;
  return z
    .string({ error: `Give the ${name} as a number` })
    .trim()
    .min(1, `Give the ${name} as a number`)
    .refine(isCleanLine, CONTROL_CHARACTERS_MESSAGE)
    .pipe(
      z.coerce
        .number<string>({ error: `The ${name} is a number` })
        .min(min, range)
        .max(max, range),
    );
};
const latitude = queryNumber('latitude', -90, 90);
const longitude = queryNumber('longitude', -180, 180);

/**
 * GET /core/places/lookup?q=&lat=&lng= (signed in): towns and regions Tripcrew knows whose name
 * matches, and — when a geocoder is configured (GEOCODER_URL) — addresses and points of interest,
 * near lat/lng first when given (both or neither).
 */
export const placeLookupQuerySchema = z
  .strictObject({
    q: lineText()
      .min(3, 'Type at least 3 characters to search for a place.')
      .max(200, 'Search text is too long (at most 200 characters).'),
    lat: latitude.optional(),
    lng: longitude.optional(),
  })
  .refine((query) => (query.lat === undefined) === (query.lng === undefined), {
    message: 'Give both lat and lng to search near a point, or neither',
    path: ['lat'],
  });

/** One place a lookup found, ready to become a place of a trip's own. */
export const placeCandidateSchema = z.object({
  name: z.string(),
  /** Street, town, country: what is known, '' when nothing is. */
  address: z.string(),
  coordinates: coordinatesSchema,
  /** 'tripcrew': a town or region of Tripcrew's world places; 'geocoder': from GEOCODER_URL. */
  source: z.enum(['tripcrew', 'geocoder']),
  /** What kind of place it is, in the source's words ("restaurant", "City"), or null. */
  kind: z.string().nullable(),
});
export type PlaceCandidate = z.infer<typeof placeCandidateSchema>;

/** 'off': no geocoder is configured; 'ok': it answered; 'unavailable': it failed (Tripcrew's places only). */
export const geocoderStateSchema = z.enum(['off', 'ok', 'unavailable']);
export type GeocoderState = z.infer<typeof geocoderStateSchema>;

export const placeLookupSchema = z.object({
  results: z.array(placeCandidateSchema).max(PLACE_LOOKUP_MAX_RESULTS),
  geocoder: geocoderStateSchema,
});
export type PlaceLookup = z.infer<typeof placeLookupSchema>;

/** GET /core/places/lookup/reverse?lat=&lng= (signed in): what is at a dropped pin. */
export const reverseLookupQuerySchema = z.strictObject({ lat: latitude, lng: longitude });

/** The geocoder's place at the point (its coordinates are the pin's), or null: none, or no geocoder. */
export const reverseLookupSchema = z.object({
  result: placeCandidateSchema.nullable(),
  geocoder: geocoderStateSchema,
});
export type ReverseLookup = z.infer<typeof reverseLookupSchema>;

// ---------------------------------------------------------------- airports and time zones

export const AIRPORT_SEARCH_MAX_RESULTS = 10;

/** An airport of the bundled OpenFlights data (ODbL, see NOTICE), by its IATA code. */
export const airportSchema = z.object({
  /** The IATA code, 3 upper-case letters: "LIS". */
  iata: z.string(),
  name: z.string(),
  /** The city the airport serves, in English; '' when the data names none. */
  city: z.string(),
  /** English country name; '' when the data names none. */
  country: z.string(),
  coordinates: coordinatesSchema,
  /** The IANA time zone of the airport: "Europe/Lisbon". */
  timeZone: z.string(),
});
export type Airport = z.infer<typeof airportSchema>;

/** GET /core/places/airports?q= — a code, or a name or city: at least 2 characters after trimming. */
export const airportSearchQuerySchema = z.strictObject({
  q: lineText()
    .min(2, 'Type at least 2 characters to search for an airport.')
    .max(100, 'Search text is too long (at most 100 characters).'),
});
export const airportListSchema = z.array(airportSchema).max(AIRPORT_SEARCH_MAX_RESULTS);

/** GET /core/places/airports/:iata — 3 letters in any case, read in upper case. */
export const airportParamsSchema = z.strictObject({
  iata: z
    .string()
    .regex(/^[A-Za-z]{3}$/, 'An airport code is 3 letters, like LIS')
    .transform((code) => code.toUpperCase()),
});

/** GET /core/places/time-zone?lat=&lng= — the IANA time zone at a point. */
export const timeZoneQuerySchema = z.strictObject({ lat: latitude, lng: longitude });

export const timeZoneSchema = z.object({
  /** An IANA zone name ("Europe/Lisbon"); an Etc/GMT±N zone at sea. */
  timeZone: z.string(),
});
export type TimeZone = z.infer<typeof timeZoneSchema>;
