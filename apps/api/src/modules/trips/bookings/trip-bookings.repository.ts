import { and, asc, count, eq, gte, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { findFirst } from '../../../db/find-value.ts';
import { preparedQuery } from '../../../db/prepared.ts';
import { foldTripRows, viewer, viewerOfTrip, type TripWith } from '../core/trip-read.sql.ts';
import type { BookingKind } from '@tripcrew/contracts/trip-bookings';
import {
  tripBookings,
  tripMembers,
  trips,
  type NewTripBookingRow,
  type TripBookingRow,
} from '../core/trips.table.ts';
import { bookingFilesColumn, type BookingFileFields } from './files/booking-files.repository.ts';

/** SQL of the trip's bookings. */

/** The fields of a booking an edit changes. */
export type TripBookingPatch = Partial<
  Omit<NewTripBookingRow, 'id' | 'tripId' | 'createdBy' | 'createdAt' | 'updatedAt' | 'version'>
>;

/** The trip's bookings, soonest first (by the instant they start). */
export function findTripBookings(db: Db, tripId: string): Promise<TripBookingRow[]> {
  return db
    .select()
    .from(tripBookings)
    .where(eq(tripBookings.tripId, tripId))
    .orderBy(asc(tripBookings.startAt), asc(tripBookings.createdAt), asc(tripBookings.id));
}

export function findTripBooking(
  db: Db,
  tripId: string,
  bookingId: string,
): Promise<TripBookingRow | undefined> {
  return findFirst(db, tripBookings, and(eq(tripBookings.tripId, tripId), eq(tripBookings.id, bookingId)));
}

export async function countTripBookings(db: Db, tripId: string): Promise<number> {
  const rows = await db.select({ n: count() }).from(tripBookings).where(eq(tripBookings.tripId, tripId));
  return rows[0]?.n ?? 0;
}

/** Inserts a booking; undefined when its (client-chosen) id is taken. */
export async function insertTripBooking(
  db: Db,
  values: NewTripBookingRow,
): Promise<TripBookingRow | undefined> {
  const rows = await db
    .insert(tripBookings)
    .values(values)
    .onConflictDoNothing({ target: tripBookings.id })
    .returning();
  return rows[0];
}

/** Applies `patch`, raises the version by one and touches updated_at: the booking as it is now. */
export async function updateTripBooking(
  db: Db,
  bookingId: string,
  patch: TripBookingPatch,
): Promise<TripBookingRow | undefined> {
  const rows = await db
    .update(tripBookings)
    .set({ ...patch, updatedAt: sql`now()`, version: sql`${tripBookings.version} + 1` })
    .where(eq(tripBookings.id, bookingId))
    .returning();
  return rows[0];
}

export async function deleteTripBooking(db: Db, bookingId: string): Promise<void> {
  await db.delete(tripBookings).where(eq(tripBookings.id, bookingId));
}

/**
 * The bookings of every trip `userId` is a member of, of `kinds` (all when empty), soonest first,
 * with their trip's name; `since`: those ending (or, without an end, starting) at or after it.
 */
export function findBookingsOfMember(
  db: Db,
  userId: string,
  kinds: readonly BookingKind[],
  since: Date | null,
  limit: number,
): Promise<{ booking: TripBookingRow; files: BookingFileFields[]; tripName: string }[]> {
  const conditions: (SQL | undefined)[] = [eq(tripMembers.userId, userId)];
  if (kinds.length > 0) conditions.push(inArray(tripBookings.kind, [...kinds]));
  if (since) conditions.push(or(gte(tripBookings.endAt, since), gte(tripBookings.startAt, since)));
  return db
    .select({ booking: tripBookings, files: bookingFilesColumn, tripName: trips.tripName })
    .from(tripBookings)
    .innerJoin(tripMembers, eq(tripMembers.tripId, tripBookings.tripId))
    .innerJoin(trips, eq(trips.id, tripBookings.tripId))
    .where(and(...conditions))
    .orderBy(asc(tripBookings.startAt), asc(tripBookings.id))
    .limit(limit);
}

/** The trip's lodging bookings (the home bases of its days). */
export function findTripLodgings(db: Db, tripId: string): Promise<TripBookingRow[]> {
  return db
    .select()
    .from(tripBookings)
    .where(and(eq(tripBookings.tripId, tripId), eq(tripBookings.kind, 'lodging')))
    .orderBy(asc(tripBookings.startAt));
}

/** A deleted account travels on no booking any more (the bookings stay the trip's). */
export async function forgetTraveller(db: Db, userId: string): Promise<void> {
  await db
    .update(tripBookings)
    .set({ travellers: sql`array_remove(${tripBookings.travellers}, ${userId}::uuid)` })
    .where(sql`${userId}::uuid = any(${tripBookings.travellers})`);
}

const tripBookingsQuery = preparedQuery((db) =>
  db
    .select({ trip: trips, role: viewer.role, booking: tripBookings, files: bookingFilesColumn })
    .from(trips)
    .leftJoin(viewer, viewerOfTrip)
    .leftJoin(tripBookings, and(eq(tripBookings.tripId, trips.id), isNotNull(viewer.role)))
    .where(eq(trips.id, sql.placeholder('tripId')))
    .orderBy(asc(tripBookings.startAt), asc(tripBookings.createdAt), asc(tripBookings.id))
    .prepare('trip_bookings_read'),
);

/** A booking and its files, as the reads answer them. */
export interface BookingWithFiles {
  booking: TripBookingRow;
  files: BookingFileFields[];
}

/**
 * The trip with `userId`'s role and its bookings with their files, soonest first, in one
 * statement (the access check and the read in one round trip); undefined if there is no such trip.
 */
export async function findTripWithBookings(
  db: Db,
  tripId: string,
  userId: string,
): Promise<TripWith<BookingWithFiles> | undefined> {
  const rows = await tripBookingsQuery(db).execute({ tripId, userId });
  return foldTripRows(rows, ({ booking, files }) => (booking ? { booking, files } : undefined));
}
