import type { FeatureFacts } from '@tripcrew/contracts/features';
import { doublePrecision, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, nowColumn, ownerColumn } from '../../../db/columns.ts';
import { places } from '../../places/core/places.table.ts';

/**
 * Points of interest. country_code and region_code are copied from the place so that a country
 * or region lists the features of the places inside it with one index range scan.
 */
export const features = pgTable(
  'features',
  {
    id: idColumn(),
    key: text('key').notNull(),
    placeId: ownerColumn('place_id', () => places.id),
    countryCode: text('country_code').notNull(),
    regionCode: text('region_code'),
    title: text('title').notNull(),
    address: text('address').notNull().default(''),
    description: text('description').notNull().default(''),
    rank: integer('rank'),
    categories: text('categories').array().notNull(),
    model: text('model', { enum: ['places', 'restaurants', 'events', 'shops', 'hotels'] }).notNull(),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    /** A real photo's URL; null means the generated artwork. */
    imageOriginal: text('image_original'),
    /** 'curated', 'osm', ... */
    source: text('source').notNull().default('curated'),
    /** Hours, visit, prices, contacts and ids (contracts' FeatureFacts); null: none known. */
    facts: jsonb('facts').$type<FeatureFacts>(),
    /** The IANA zone at its point (looked up offline when it is saved); null without a point. */
    timeZone: text('time_zone'),
    updatedAt: nowColumn('updated_at'),
  },
  (t) => [
    uniqueIndex('features_key_unique').on(t.key),
    index('features_place_order').on(t.placeId, t.rank, t.title, t.id),
    index('features_country_order').on(t.countryCode, t.rank, t.title, t.id),
    index('features_region_order').on(t.countryCode, t.regionCode, t.rank, t.title, t.id),
    index('features_categories').using('gin', t.categories),
  ],
);
