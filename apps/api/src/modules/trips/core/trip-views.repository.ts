import type { TripRole } from '@tripcrew/contracts/trips';
import { and, asc, desc, eq, gte, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client.ts';
import { preparedQuery } from '../../../db/prepared.ts';
import { placeImageOriginalSql } from '../../places/index.ts';
import { userCardJsonSql, type UserCardJson } from '../../users/index.ts';
import { viewer, viewerOfTrip } from './trip-read.sql.ts';
import { tripBookings, tripFeatures, tripMembers, trips, type TripRow } from './trips.table.ts';

/**
 * The read side of a trip as the API shows it, each in ONE statement: the trip row, the caller's
 * role, the members with their cards, the feature count and the place's picture. Prepared once
 * per database handle (no query building per request, one parse per connection).
 */

export interface TripMemberJson {
  userId: string;
  role: TripRole;
  /** 1 for the earliest joined, the same number for members who joined together (one insert). */
  joinOrder: number;
  /** Null if the account is gone (the membership goes with it). */
  card: UserCardJson | null;
}

export interface TripViewRow {
  trip: TripRow;
  /** The caller's role; null when the caller is not a member. */
  myRole: TripRole | null;
  featureCount: number;
  members: TripMemberJson[];
  placeImageOriginal: string | null;
}

/** A trip's next booking as the list reads build it (json_build_object; `startAt` as Postgres writes it). */
export interface NextBookingJson {
  id: string;
  kind: string;
  title: string;
  carrier: string;
  number: string;
  startLocal: string;
  startZone: string;
  startAt: string;
  placeName: string | null;
}

/** A trip of a list: its view and its next booking (null when none starts at or after `now`). */
export interface TripListRow extends TripViewRow {
  next: NextBookingJson | null;
}

const member = alias(tripMembers, 'member');

const viewColumns = {
  trip: trips,
  myRole: viewer.role,
  featureCount:
    sql<number>`(select count(*) from ${tripFeatures} where ${tripFeatures.tripId} = ${trips.id})`.mapWith(
      Number,
    ),
  members: sql<
    TripMemberJson[]
  >`(select coalesce(json_agg(json_build_object('userId', ranked.user_id, 'role', ranked.role, 'joinOrder', ranked.join_order, 'card', ranked.card)), '[]'::json) from (select ${member.userId} as user_id, ${member.role} as role, dense_rank() over (order by ${member.createdAt}) as join_order, ${userCardJsonSql(member.userId)} as card from ${tripMembers} "member" where ${member.tripId} = ${trips.id}) ranked)`,
  placeImageOriginal: placeImageOriginalSql(trips.placeId),
};

const tripViewQuery = preparedQuery((db) =>
  db
    .select(viewColumns)
    .from(trips)
    .leftJoin(viewer, viewerOfTrip)
    .where(eq(trips.id, sql.placeholder('tripId')))
    .limit(1)
    .prepare('trip_view'),
);

/** One trip with `userId`'s role (null when not a member); undefined when there is no such trip. */
export async function findTripView(db: Db, tripId: string, userId: string): Promise<TripViewRow | undefined> {
  const rows = await tripViewQuery(db).execute({ tripId, userId });
  return rows[0];
}

/**
 * The trip's booking that starts soonest at or after the `now` placeholder (an ISO instant), as
 * one correlated subquery of the list statement: the (trip_id, start_at) index finds it, no query
 * per trip. Every member reads every booking of the trip (hidden_from_share is for the share page).
 */
const nextBooking = sql<NextBookingJson | null>`(select json_build_object('id', ${tripBookings.id}, 'kind', ${tripBookings.kind}, 'title', ${tripBookings.title}, 'carrier', ${tripBookings.carrier}, 'number', ${tripBookings.number}, 'startLocal', ${tripBookings.startLocal}, 'startZone', ${tripBookings.startZone}, 'startAt', ${tripBookings.startAt}, 'placeName', coalesce(${tripBookings.startName}, ${tripBookings.startIata})) from ${tripBookings} where ${tripBookings.tripId} = ${trips.id} and ${tripBookings.startAt} >= ${sql.placeholder('now')}::timestamptz order by ${tripBookings.startAt}, ${tripBookings.createdAt}, ${tripBookings.id} limit 1)`;

const listColumns = { ...viewColumns, next: nextBooking };

const mine = eq(viewer.userId, sql.placeholder('userId'));
const notEnded = or(isNull(trips.endDate), gte(trips.endDate, sql.placeholder('endingFrom')));

const allTripsQuery = preparedQuery((db) =>
  db
    .select(listColumns)
    .from(viewer)
    .innerJoin(trips, eq(trips.id, viewer.tripId))
    .where(mine)
    .orderBy(sql`${trips.startDate} desc nulls last`, desc(trips.createdAt), asc(trips.id))
    .prepare('trip_views_of_user'),
);

const upcomingTripsQuery = preparedQuery((db) =>
  db
    .select(listColumns)
    .from(viewer)
    .innerJoin(trips, eq(trips.id, viewer.tripId))
    .where(and(mine, notEnded))
    .orderBy(sql`${trips.startDate} asc nulls last`, desc(trips.createdAt), asc(trips.id))
    .prepare('trip_views_of_user_upcoming'),
);

/**
 * The user's trips with their next booking (the first to start at or after `now`), in one
 * statement: newest start first, dateless trips last. With `endingFrom` (a day), only those that
 * have not ended by then, soonest first (dateless last).
 */
export async function findTripViewsOfUser(
  db: Db,
  userId: string,
  options: { now: Date; endingFrom?: string },
): Promise<TripListRow[]> {
  const { endingFrom } = options;
  const now = options.now.toISOString();
  return endingFrom === undefined
    ? allTripsQuery(db).execute({ userId, now })
    : upcomingTripsQuery(db).execute({ userId, endingFrom, now });
}
