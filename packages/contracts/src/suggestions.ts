import { z } from 'zod';
import { placeTypeSchema } from './places.ts';

/** The place a suggestion opens: enough to build its /place/... path. */
export const suggestionPlaceSchema = z.object({
  _id: z.string(),
  title: z.string(),
  type: placeTypeSchema,
  country: z.string(),
  region: z.string().nullable(),
});

/** SPEC §3 Suggestion: a curated trip plan. */
export const suggestionSchema = z.object({
  _id: z.string(),
  title: z.string(),
  image: z.string(),
  description: z.string(),
  days: z.number().int(),
  /** A string of emoji, shown as separate icons. */
  icons: z.string(),
  place: suggestionPlaceSchema,
});
export type Suggestion = z.infer<typeof suggestionSchema>;

/** GET /core/suggestions */
export const suggestionsResponseSchema = z.array(suggestionSchema);
