import { z } from 'zod';
import { lineText } from './common.ts';
import { FEATURE_PAGE_SIZE } from './constants.ts';
import { coordinatesSchema } from './places.ts';

export const featureModelSchema = z.enum(['places', 'restaurants', 'events', 'shops', 'hotels']);

/** A point of interest (SPEC §3 Feature). */
export const featureSchema = z.object({
  _id: z.string(),
  title: z.string(),
  address: z.string(),
  description: z.string(),
  rank: z.number().int().nullable(),
  image: z.object({ original: z.string() }),
  /** Category titles and subcategory titles. */
  categoryId: z.array(z.string()),
  /** 'places' gets a pin marker on a map, anything else a green dot. */
  model: featureModelSchema,
  coordinates: coordinatesSchema.nullable(),
  placeId: z.string(),
});
export type Feature = z.infer<typeof featureSchema>;

export { FEATURE_PAGE_SIZE };
export const FEATURE_PAGE_MAX = 50;

/** GET /core/features/search/?placeId&skip&limit[&categories] */
export const featureSearchQuerySchema = z.strictObject({
  placeId: lineText(undefined, { trim: false }).min(1, 'placeId is required').max(64),
  skip: z.coerce.number().int().min(0, 'skip must be 0 or more').max(1_000_000).default(0),
  /** A larger limit is capped at FEATURE_PAGE_MAX (not refused). */
  limit: z.coerce
    .number()
    .int()
    .min(1, 'limit must be at least 1')
    .max(1_000_000, 'limit is too large')
    .default(FEATURE_PAGE_SIZE)
    .transform((n) => Math.min(n, FEATURE_PAGE_MAX)),
  /** Comma-separated category or subcategory titles. */
  categories: lineText(undefined, { trim: false }).max(500).optional(),
});

export const featureSearchResponseSchema = z.object({
  data: z.array(featureSchema),
  total: z.number().int(),
});
export type FeatureSearchResponse = z.infer<typeof featureSearchResponseSchema>;

/** The most points one map answer holds (a bigger place shows its first ones, by rank). */
export const FEATURE_MAP_POINTS_MAX = 5_000;

/** GET /core/features/map-points?placeId[&categories]: what a map draws of a place's features. */
export const featureMapPointsQuerySchema = featureSearchQuerySchema.pick({ placeId: true, categories: true });

/** A feature as a map draws it: its name, categories, marker kind and position. */
export const featureMapPointSchema = z.object({
  _id: z.string(),
  title: z.string(),
  categoryId: z.array(z.string()),
  model: featureModelSchema,
  coordinates: coordinatesSchema,
});
export type FeatureMapPoint = z.infer<typeof featureMapPointSchema>;

/**
 * Every positioned feature of the place (at most FEATURE_MAP_POINTS_MAX, in rank order); `total`
 * counts the positioned features matched, so `total > data.length` says the map shows a part.
 */
export const featureMapPointsResponseSchema = z.object({
  data: z.array(featureMapPointSchema),
  total: z.number().int(),
});
export type FeatureMapPointsResponse = z.infer<typeof featureMapPointsResponseSchema>;
