import { z } from 'zod';
import { lineText } from './common.ts';
import { FEATURE_PAGE_SIZE } from './constants.ts';
import { coordinatesSchema } from './places.ts';

export const featureModelSchema = z.enum(['places', 'restaurants', 'events', 'shops', 'hotels']);

/** How dear a feature is: free, €, €€ or €€€ (for the place's own currency and prices). */
export const PRICE_LEVELS = ['free', 'low', 'moderate', 'high'] as const;
export const priceLevelSchema = z.enum(PRICE_LEVELS);
export type PriceLevel = z.infer<typeof priceLevelSchema>;

/** How long a visit may take: 5 minutes to 12 hours. */
export const VISIT_MINUTES_MIN = 5;
export const VISIT_MINUTES_MAX = 720;

/**
 * What a plan needs to know of a feature, each null where unknown: its opening hours in
 * OpenStreetMap `opening_hours` syntax (with when and where they were checked: hours change), a
 * typical visit, its price level and adult ticket, how to reach it, and its ids in OpenStreetMap
 * ('node/123', 'way/456') and Wikidata ('Q82878').
 */
export const featureFactsSchema = z.object({
  hours: z.string().nullable(),
  /** The month the hours were checked ('2026-05') and their source ('OpenStreetMap', 'the museum's site'). */
  hoursChecked: z.object({ month: z.string(), source: z.string() }).nullable(),
  durationMinutes: z.number().int().min(VISIT_MINUTES_MIN).max(VISIT_MINUTES_MAX).nullable(),
  priceLevel: priceLevelSchema.nullable(),
  /** An adult's ticket where one is sold, in a currency's units (ISO 4217 code). */
  ticketPrice: z.object({ amount: z.number().min(0), currency: z.string().length(3) }).nullable(),
  website: z.string().nullable(),
  phone: z.string().nullable(),
  /** What a place to eat serves, as OpenStreetMap's `cuisine` says it ('portuguese;seafood'). */
  cuisine: z.string().nullable(),
  osmId: z.string().nullable(),
  wikidataId: z.string().nullable(),
});
export type FeatureFacts = z.infer<typeof featureFactsSchema>;

/** Facts of a feature nobody has written down yet. */
export const NO_FACTS: FeatureFacts = {
  hours: null,
  hoursChecked: null,
  durationMinutes: null,
  priceLevel: null,
  ticketPrice: null,
  website: null,
  phone: null,
  cuisine: null,
  osmId: null,
  wikidataId: null,
};

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
  /**
   * Its hours, visit, prices and contacts (optional: a copy kept offline from before they existed
   * still reads).
   */
  facts: featureFactsSchema.optional(),
  /** The IANA zone of its point, looked up offline: its hours are in this zone. */
  timeZone: z.string().nullable().optional(),
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
