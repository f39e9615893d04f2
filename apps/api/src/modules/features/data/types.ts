import {
  type FeatureFacts,
  featureModelSchema,
  priceLevelSchema,
  VISIT_MINUTES_MAX,
  VISIT_MINUTES_MIN,
} from '@tripcrew/contracts/features';
import { placeTypeSchema } from '@tripcrew/contracts/places';
import { z } from 'zod';

/**
 * The curated catalogue's seed format (catalogue.json, read by catalogue.ts). Every feature is a
 * real place: real name, real street address and coordinates, a description in our own words.
 * Category names are titles or subcategory titles of the taxonomy in
 * modules/categories/categories.data.ts. Unknown keys are rejected, so a typo fails the seed.
 */
export type FeatureModel = z.infer<typeof featureModelSchema>;

const latitude = z.number().min(-90).max(90);
const longitude = z.number().min(-180).max(180);
const text = z.string().trim().min(1);

export const featureSeedSchema = z.strictObject({
  /** Stable slug, unique across the catalogue, e.g. 'paris-eiffel-tower'. */
  key: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
  title: text,
  /** Street address as locals write it, with postcode and city. */
  address: text,
  lat: latitude,
  lng: longitude,
  /** 1 to 3 sentences, our own words. */
  description: text,
  /** 1 = the place's most essential feature; unique within its place. */
  rank: z.number().int().min(1),
  categories: z.array(text).min(1),
  model: featureModelSchema,
  /** OpenStreetMap `opening_hours` (the catalogue data test parses each), with when and where they were checked. */
  hours: text.optional(),
  hoursChecked: z.strictObject({ month: z.string().regex(/^\d{4}-\d{2}$/), source: text }).optional(),
  /** A typical visit, in minutes. */
  durationMinutes: z.number().int().min(VISIT_MINUTES_MIN).max(VISIT_MINUTES_MAX).optional(),
  priceLevel: priceLevelSchema.optional(),
  ticketPrice: z
    .strictObject({ amount: z.number().min(0), currency: z.string().regex(/^[A-Z]{3}$/) })
    .optional(),
  website: z.url({ protocol: /^https?$/ }).optional(),
  phone: text.optional(),
  cuisine: text.optional(),
  osmId: z
    .string()
    .regex(/^(node|way|relation)\/\d+$/)
    .optional(),
  wikidataId: z
    .string()
    .regex(/^Q\d+$/)
    .optional(),
});
export type FeatureSeed = z.infer<typeof featureSeedSchema>;

/** A seed's facts as the database keeps them: null when it has none. */
export function seedFacts(seed: FeatureSeed): FeatureFacts | null {
  const facts: FeatureFacts = {
    hours: seed.hours ?? null,
    hoursChecked: seed.hoursChecked ?? null,
    durationMinutes: seed.durationMinutes ?? null,
    priceLevel: seed.priceLevel ?? null,
    ticketPrice: seed.ticketPrice ?? null,
    website: seed.website ?? null,
    phone: seed.phone ?? null,
    cuisine: seed.cuisine ?? null,
    osmId: seed.osmId ?? null,
    wikidataId: seed.wikidataId ?? null,
  };
  return Object.values(facts).some((value) => value !== null) ? facts : null;
}

export const placeSeedSchema = z.strictObject({
  /** English title as travellers search it, e.g. 'Lisbon', 'Tuscany', 'Iceland'. */
  title: text,
  type: placeTypeSchema,
  /** ISO 3166-1 alpha-2 country code, e.g. 'PT'. */
  countryCode: z.string().regex(/^[A-Z]{2}$/),
  /** English country name, e.g. 'Portugal'. */
  country: text,
  /** The region/state/province the city lies in (English name), when there is one. */
  region: text.optional(),
  /** One short sentence shown under the place title. */
  short: text,
  lat: latitude,
  lng: longitude,
});
export type PlaceSeed = z.infer<typeof placeSeedSchema>;

/** One curated place and its features (rank 1 = most essential). */
export const placeFeaturesSchema = z.strictObject({
  place: placeSeedSchema,
  features: z.array(featureSeedSchema).min(1),
});
export type PlaceFeatures = z.infer<typeof placeFeaturesSchema>;

/** The whole curated catalogue, in seeding order. */
export const curatedCatalogueSchema = z.array(placeFeaturesSchema).min(1);
