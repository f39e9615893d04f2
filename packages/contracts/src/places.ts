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
