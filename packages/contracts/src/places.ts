import { z } from 'zod';
import { idSchema, lineText } from './common.ts';

export const placeTypeSchema = z.enum(['Country', 'Region', 'City']);
export type PlaceType = z.infer<typeof placeTypeSchema>;

export const placeImageSchema = z.object({
  /** URL of the image (a generated artwork until a real photo replaces it). */
  original: z.string(),
  /** Credit: the photographer or artist. */
  photographer: z.string(),
  /** The image's id at its source (e.g. an Unsplash photo id). */
  id: z.string(),
  /** Where the image comes from, e.g. 'tripcrew' (generated) or 'unsplash'. */
  source: z.string(),
});

export const coordinatesSchema = z.object({ lat: z.number(), lng: z.number() });

/** A country, region or city (SPEC §3 Place). */
export const placeSchema = z.object({
  _id: z.string(),
  title: z.string(),
  type: placeTypeSchema,
  /** English country name; equal to title for a country. */
  country: z.string(),
  countryCode: z.string(),
  /** The region (state, province) a city lies in, when known. */
  region: z.string().nullable(),
  short: z.string(),
  image: placeImageSchema,
  coordinates: coordinatesSchema.nullable(),
  population: z.number().int().nullable(),
  /** How many curated features the place (and, for a country or region, the places inside it) has. */
  featureCount: z.number().int(),
});
export type Place = z.infer<typeof placeSchema>;

/** GET /core/places/autocomplete?q= — at least 3 characters after trimming; at most 10 places. */
export const autocompleteQuerySchema = z.strictObject({
  q: lineText()
    .min(3, 'Type at least 3 characters to search for a place.')
    .max(100, 'Search text is too long (at most 100 characters).'),
});
export const autocompleteResponseSchema = z.array(placeSchema).max(10);

/** GET /core/places/search?country&region&place — the place a /place/... route names. */
export const placeSearchQuerySchema = z.strictObject({
  country: lineText().min(1).max(100).optional(),
  region: lineText().min(1).max(100).optional(),
  place: lineText().min(1).max(100).optional(),
});

export const placeIdParamsSchema = z.strictObject({ id: idSchema });

// ---------------------------------------------------------------- lookup (places of a trip's own)

export const PLACE_LOOKUP_MAX_RESULTS = 10;
/** A number from the query string: '' is refused (a coercion would read it as 0). */
const queryNumber = (name: string, min: number, max: number) => {
  const range = `${name[0]?.toUpperCase()}${name.slice(1)} must be between ${min} and ${max}`;
  return z
    .string({ error: `Give the ${name} as a number` })
    .trim()
    .min(1, `Give the ${name} as a number`)
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
