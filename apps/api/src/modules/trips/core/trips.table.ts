import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  actorColumn,
  idColumn,
  nowColumn,
  ownerColumn,
  timeColumn,
  versionColumn,
} from '../../../db/columns.ts';
import { BOOKING_KINDS } from '@tripcrew/contracts/trip-bookings';
import { INVITE_ROLES } from '@tripcrew/contracts/trip-links';
import { TRIP_ROLES } from '@tripcrew/contracts/trips';
import { features } from '../../features/core/features.table.ts';
import { places } from '../../places/core/places.table.ts';
import { users } from '../../users/users.table.ts';

/** Who made a row of a trip; the row stays when their account goes. */
const createdByColumn = () => actorColumn('created_by', () => users.id);

/**
 * Trips (SPEC §3). Dates are calendar days (`date`, no time zone), both set or both null.
 * `image_original`/`image_landscape` null means "the place's image"; `cover_key` is the stored
 * file id of a cover uploaded for this trip (its files are deleted when replaced or deleted).
 */
export const trips = pgTable(
  'trips',
  {
    id: idColumn(),
    placeId: uuid('place_id')
      .notNull()
      .references(() => places.id),
    tripName: text('trip_name').notNull(),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    transportMode: text('transport_mode', { enum: ['public', 'private'] })
      .notNull()
      .default('private'),
    imageOriginal: text('image_original'),
    imageLandscape: text('image_landscape'),
    coverKey: text('cover_key'),
    categories: text('categories')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdBy: createdByColumn(),
    createdAt: nowColumn(),
    updatedAt: nowColumn('updated_at'),
    version: versionColumn(),
  },
  (t) => [
    check(
      'trips_dates_both_or_neither',
      sql`(${t.startDate} is null) = (${t.endDate} is null) and (${t.endDate} is null or ${t.endDate} >= ${t.startDate})`,
    ),
    index('trips_place').on(t.placeId),
  ],
);

/** The trip a row belongs to: deleting the trip deletes the row. */
const tripColumn = () => ownerColumn('trip_id', () => trips.id);

/** Who is in a trip, with which role (SPEC §3 trip member roles). */
export const tripMembers = pgTable(
  'trip_members',
  {
    tripId: tripColumn(),
    userId: ownerColumn('user_id', () => users.id),
    role: text('role', { enum: TRIP_ROLES }).notNull(),
    /** The version of the member's own checklist, raised by one on each change (decision 035). */
    checklistVersion: integer('checklist_version').notNull().default(1),
    createdAt: nowColumn(),
  },
  (t) => [primaryKey({ columns: [t.tripId, t.userId] }), index('trip_members_user').on(t.userId, t.tripId)],
);

/** The features picked for a trip. */
export const tripFeatures = pgTable(
  'trip_features',
  {
    tripId: tripColumn(),
    featureId: ownerColumn('feature_id', () => features.id),
    createdAt: nowColumn(),
  },
  (t) => [primaryKey({ columns: [t.tripId, t.featureId] }), index('trip_features_feature').on(t.featureId)],
);

/**
 * Planner items (PLANNER-01): a trip feature (exactly one item per trip feature, deleted with it
 * through the composite foreign key), a place of the trip's own (one per place, deleted with it)
 * or a note. `day` null is the tray. Positions are dense
 * (0..n-1) per (trip, day) list; every change locks the trip row first.
 */
export const plannerItems = pgTable(
  'planner_items',
  {
    id: idColumn(),
    tripId: tripColumn(),
    kind: text('kind', { enum: ['feature', 'place', 'note'] }).notNull(),
    featureId: uuid('feature_id'),
    placeId: uuid('place_id').references(() => tripPlaces.id, { onDelete: 'cascade' }),
    text: text('text'),
    time: text('time'),
    /** A stop's visit in minutes as a member set it (5 to 720); null: the feature's typical one. */
    visitMinutes: integer('visit_minutes'),
    /** A stop's opening hours as a member corrected them for this trip (OSM syntax); null: the feature's. */
    hours: text('hours'),
    day: date('day', { mode: 'string' }),
    position: integer('position').notNull(),
    createdAt: nowColumn(),
    version: versionColumn(),
  },
  (t) => [
    foreignKey({
      name: 'planner_items_trip_feature_fk',
      columns: [t.tripId, t.featureId],
      foreignColumns: [tripFeatures.tripId, tripFeatures.featureId],
    }).onDelete('cascade'),
    check(
      'planner_items_kind',
      sql`(${t.kind} = 'feature' and ${t.featureId} is not null and ${t.placeId} is null and ${t.text} is null) or (${t.kind} = 'place' and ${t.placeId} is not null and ${t.featureId} is null and ${t.text} is null) or (${t.kind} = 'note' and ${t.featureId} is null and ${t.placeId} is null and ${t.text} is not null)`,
    ),
    uniqueIndex('planner_items_one_per_feature').on(t.tripId, t.featureId),
    uniqueIndex('planner_items_one_per_place').on(t.placeId),
    index('planner_items_list').on(t.tripId, t.day, t.position),
  ],
);

/** A member's ticked checklist entries for a trip (CHECKLIST-04), in order, latest last. */
export const checklistEntries = pgTable(
  'checklist_entries',
  {
    tripId: uuid('trip_id').notNull(),
    userId: uuid('user_id').notNull(),
    entry: text('entry').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tripId, t.userId, t.entry] }),
    // Leaving the trip (or its deletion) removes the member's checklist with the membership.
    foreignKey({
      name: 'checklist_entries_member_fk',
      columns: [t.tripId, t.userId],
      foreignColumns: [tripMembers.tripId, tripMembers.userId],
    }).onDelete('cascade'),
  ],
);

/**
 * A link to one trip opened by a secret token, one per trip: `<table>_token` finds the trip of a
 * token. Only the token's SHA-256 (base64url) is kept, in `tokenColumn`; a new token replaces
 * the row.
 */
function tripTokenTable<N extends string>(name: N, tokenColumn: string) {
  return pgTable(
    name,
    {
      tripId: uuid('trip_id')
        .primaryKey()
        .references(() => trips.id, { onDelete: 'cascade' }),
      tokenHash: text(tokenColumn).notNull(),
      createdBy: createdByColumn(),
      createdAt: nowColumn(),
    },
    (t) => [uniqueIndex(`${name}_token`).on(t.tokenHash)],
  );
}

/**
 * The private calendar feed of a trip (PLANNER-10): one per trip. The token is 32 random bytes
 * (base64url), shown once when made; the column `token` keeps only its SHA-256 (base64url, as
 * the invite and share links do), so a leaked table opens no calendar. Rotating replaces the row.
 */
export const calendarFeeds = tripTokenTable('calendar_feeds', 'token');

/**
 * Invite links (trip-invites.service.ts): a role to grant, an expiry and an optional use limit.
 * Only the SHA-256 of the token is kept; revoking keeps the row (so the link says it was revoked).
 */
export const tripInvites = pgTable(
  'trip_invites',
  {
    id: idColumn(),
    tripId: tripColumn(),
    tokenHash: text('token_hash').notNull(),
    role: text('role', { enum: INVITE_ROLES }).notNull(),
    expiresAt: timeColumn('expires_at').notNull(),
    maxUses: integer('max_uses'),
    uses: integer('uses').notNull().default(0),
    revokedAt: timeColumn('revoked_at'),
    createdBy: createdByColumn(),
    createdAt: nowColumn(),
    /** The address an invite by mail went to: only a confirmed account of it may use the link. */
    email: text('email'),
  },
  (t) => [
    uniqueIndex('trip_invites_token').on(t.tokenHash),
    index('trip_invites_trip').on(t.tripId),
    index('trip_invites_email').on(t.email, t.createdAt),
    index('trip_invites_sender').on(t.createdBy, t.createdAt),
  ],
);

/** The public read-only share link of a trip (trip-share.service.ts): one per trip, hashed token. */
export const tripShares = tripTokenTable('trip_shares', 'token_hash');

/**
 * The trip's shared packing list (trip-packing.service.ts): anyone's items, optionally assigned
 * to a member (unassigned when they leave), ticked for everyone.
 */
export const packingItems = pgTable(
  'trip_packing_items',
  {
    id: idColumn(),
    tripId: tripColumn(),
    text: text('text').notNull(),
    assignedTo: actorColumn('assigned_to', () => users.id),
    done: boolean('done').notNull().default(false),
    createdBy: createdByColumn(),
    createdAt: nowColumn(),
    version: versionColumn(),
  },
  (t) => [index('trip_packing_items_trip').on(t.tripId, t.createdAt)],
);

/**
 * The trip's places of its own (trip-places.service.ts): what the catalogue does not hold (the
 * group's flat, a friend's restaurant, a town outside it), with its point, an optional catalogue
 * category (title or subcategory, as the catalogue spells it) and what the group notes of it.
 */
export const tripPlaces = pgTable(
  'trip_places',
  {
    id: idColumn(),
    tripId: tripColumn(),
    name: text('name').notNull(),
    category: text('category'),
    address: text('address').notNull().default(''),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    website: text('website'),
    phone: text('phone'),
    notes: text('notes').notNull().default(''),
    createdBy: createdByColumn(),
    version: versionColumn(),
    createdAt: nowColumn(),
    updatedAt: nowColumn('updated_at'),
  },
  (t) => [
    check('trip_places_lat_range', sql`${t.lat} between -90 and 90`),
    check('trip_places_lng_range', sql`${t.lng} between -180 and 180`),
    index('trip_places_trip').on(t.tripId, t.createdAt),
  ],
);

/**
 * The trip's bookings (trip-bookings.service.ts): flights, trains, the hotel, the rental car,
 * tickets. Each time is kept as it is where it happens — the local date-time and its IANA zone —
 * and as the instant they make (for ordering, durations and calendars). The start is required (a
 * departure, a check-in, a pick-up, a table's time); the end is the arrival, the check-out, the
 * drop-off or the end, when there is one. Travellers are the member user ids it covers.
 */
export const tripBookings = pgTable(
  'trip_bookings',
  {
    id: idColumn(),
    tripId: tripColumn(),
    kind: text('kind', { enum: BOOKING_KINDS }).notNull(),
    title: text('title').notNull(),
    provider: text('provider').notNull().default(''),
    confirmationCode: text('confirmation_code').notNull().default(''),
    carrier: text('carrier').notNull().default(''),
    number: text('number').notNull().default(''),
    seat: text('seat').notNull().default(''),
    partySize: integer('party_size'),
    travellers: uuid('travellers')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    costMinor: bigint('cost_minor', { mode: 'number' }),
    costCurrency: text('cost_currency'),
    notes: text('notes').notNull().default(''),
    hiddenFromShare: boolean('hidden_from_share').notNull().default(false),
    startLocal: text('start_local').notNull(),
    startZone: text('start_zone').notNull(),
    startAt: timeColumn('start_at').notNull(),
    startName: text('start_name'),
    startAddress: text('start_address'),
    startLat: doublePrecision('start_lat'),
    startLng: doublePrecision('start_lng'),
    startIata: text('start_iata'),
    endLocal: text('end_local'),
    endZone: text('end_zone'),
    endAt: timeColumn('end_at'),
    endName: text('end_name'),
    endAddress: text('end_address'),
    endLat: doublePrecision('end_lat'),
    endLng: doublePrecision('end_lng'),
    endIata: text('end_iata'),
    createdBy: createdByColumn(),
    version: versionColumn(),
    createdAt: nowColumn(),
    updatedAt: nowColumn('updated_at'),
  },
  (t) => [
    check('trip_bookings_end_after_start', sql`${t.endAt} is null or ${t.endAt} >= ${t.startAt}`),
    check('trip_bookings_cost', sql`(${t.costMinor} is null) = (${t.costCurrency} is null)`),
    index('trip_bookings_trip').on(t.tripId, t.startAt),
  ],
);

/**
 * The trip's history (decision 035): one row per change of a trip's records — who, what, when,
 * the fields changed and their values before and after. The record's version after the change
 * lets an update that started from an older version learn which fields changed since (field-level
 * merge, 409 on the same field). Kept for the life of the trip; `undo_of` marks an undo.
 */
export const tripActivity = pgTable(
  'trip_activity',
  {
    id: idColumn(),
    tripId: tripColumn(),
    actorId: actorColumn('actor_id', () => users.id),
    /** The kind of record: 'trip', 'planner-item', 'packing-item', 'trip-place', 'expense', 'budget', … */
    kind: text('kind').notNull(),
    recordId: uuid('record_id'),
    /** 'added', 'changed', 'moved', 'removed' or 'restored'. */
    action: text('action').notNull(),
    /** The record's version after the change (null for a removal). */
    version: integer('version'),
    fields: text('fields')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    /** What the record is called, for the words of the history ("Castelo de São Jorge"). */
    label: text('label').notNull().default(''),
    /** The entry this one undid. */
    undoOf: uuid('undo_of'),
    /**
     * Who reads the entry besides the trip's travellers (admins, members, drivers, guides), who
     * read all of it: the people in an expense or a payment. Null: everyone in the trip.
     */
    audience: uuid('audience').array(),
    createdAt: nowColumn(),
  },
  (t) => [
    index('trip_activity_trip').on(t.tripId, t.createdAt),
    index('trip_activity_record').on(t.recordId, t.version),
  ],
);

/**
 * Who has a trip open now (live presence): one row per member with the trip page open, refreshed
 * by the page every few seconds; a row older than the presence window counts as gone. `editing`
 * names the item they have an editor open on (e.g. "planner-item:<id>"), or null.
 */
export const tripPresence = pgTable(
  'trip_presence',
  {
    tripId: tripColumn(),
    userId: ownerColumn('user_id', () => users.id),
    editing: text('editing'),
    seenAt: nowColumn('seen_at'),
  },
  (t) => [primaryKey({ columns: [t.tripId, t.userId] })],
);

export type TripRow = typeof trips.$inferSelect;
export type TripActivityRow = typeof tripActivity.$inferSelect;
export type PackingItemRow = typeof packingItems.$inferSelect;
export type TripPlaceRow = typeof tripPlaces.$inferSelect;
export type TripBookingRow = typeof tripBookings.$inferSelect;
export type NewTripBookingRow = typeof tripBookings.$inferInsert;
export type TripInviteRow = typeof tripInvites.$inferSelect;
export type TripMemberRow = typeof tripMembers.$inferSelect;
export type PlannerItemRow = typeof plannerItems.$inferSelect;
