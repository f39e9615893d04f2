import { sql } from 'drizzle-orm';
import { doublePrecision, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, nowColumn } from '../../../db/columns.ts';

/**
 * Countries, regions (states, provinces) and cities of the world. `source_key` identifies the row
 * in its dataset (country:PT, region:PT-11, city:88910, curated:...), so re-seeding upserts and ids
 * stay stable. `search_name` is the title lower-cased without accents (computed in JS: PGlite has
 * no unaccent), indexed with pg_trgm for autocomplete.
 */
export const places = pgTable(
  'places',
  {
    id: idColumn(),
    sourceKey: text('source_key').notNull(),
    type: text('type', { enum: ['Country', 'Region', 'City'] }).notNull(),
    title: text('title').notNull(),
    searchName: text('search_name').notNull(),
    country: text('country').notNull(),
    countryCode: text('country_code').notNull(),
    region: text('region'),
    regionCode: text('region_code'),
    short: text('short').notNull().default(''),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    population: integer('population'),
    featureCount: integer('feature_count').notNull().default(0),
    /** A real photo's URL and credits; null means the generated artwork. */
    imageOriginal: text('image_original'),
    imagePhotographer: text('image_photographer'),
    imageId: text('image_id'),
    imageSource: text('image_source'),
    updatedAt: nowColumn('updated_at'),
  },
  (t) => [
    uniqueIndex('places_source_key_unique').on(t.sourceKey),
    index('places_search_name_trgm').using('gin', t.searchName.op('gin_trgm_ops')),
    // Exact and prefix autocomplete (LIKE 'abc%'): a range scan answered from the index alone.
    index('places_search_name_prefix').on(
      t.searchName.op('text_pattern_ops'),
      t.population.desc().nullsLast(),
      t.type,
      t.id,
    ),
    index('places_lookup').on(t.countryCode, t.type, t.searchName),
    index('places_region').on(t.countryCode, t.regionCode, t.type),
    index('places_with_features')
      .on(t.featureCount)
      .where(sql`${t.featureCount} > 0`),
  ],
);

/** Version stamps of seeded datasets and of the catalogue (used for cache invalidation). */
export const catalogueStamps = pgTable('catalogue_stamps', {
  key: text('key').primaryKey(),
  version: text('version').notNull(),
  updatedAt: nowColumn('updated_at'),
});
