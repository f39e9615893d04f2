import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../../db/client.ts';
import { findFirst } from '../../../../db/find-value.ts';
import { tripBookings } from '../../core/trips.table.ts';
import {
  tripBookingFiles,
  type NewTripBookingFileRow,
  type TripBookingFileRow,
} from './booking-files.table.ts';

/** A file as a booking's read carries it (JSON of its columns, the instant as text). */
export type BookingFileFields = Pick<TripBookingFileRow, 'id' | 'name' | 'type' | 'size' | 'createdBy'> & {
  createdAt: Date | string;
};

/**
 * The files of the booking of the row the query reads (`trip_bookings`), oldest first, as one
 * JSON array: a column to select beside a booking, so a list of bookings and their files is one
 * statement. Empty when the booking has none (or the row has no booking).
 */
export const bookingFilesColumn = sql<BookingFileFields[]>`(
  select coalesce(json_agg(json_build_object(
    'id', f.id, 'name', f.name, 'type', f.type, 'size', f.size,
    'createdBy', f.created_by, 'createdAt', f.created_at
  ) order by f.created_at, f.id), '[]'::json)
  from ${tripBookingFiles} f where f.booking_id = ${tripBookings.id}
)`;

export function findBookingFiles(db: Db, bookingId: string): Promise<TripBookingFileRow[]> {
  return db
    .select()
    .from(tripBookingFiles)
    .where(eq(tripBookingFiles.bookingId, bookingId))
    .orderBy(asc(tripBookingFiles.createdAt), asc(tripBookingFiles.id));
}

export function findBookingFile(
  db: Db,
  tripId: string,
  bookingId: string,
  fileId: string,
): Promise<TripBookingFileRow | undefined> {
  return findFirst(
    db,
    tripBookingFiles,
    and(
      eq(tripBookingFiles.tripId, tripId),
      eq(tripBookingFiles.bookingId, bookingId),
      eq(tripBookingFiles.id, fileId),
    ),
  );
}

export async function countBookingFiles(db: Db, bookingId: string): Promise<number> {
  const rows = await db
    .select({ n: count() })
    .from(tripBookingFiles)
    .where(eq(tripBookingFiles.bookingId, bookingId));
  return rows[0]?.n ?? 0;
}

export async function insertBookingFile(db: Db, values: NewTripBookingFileRow): Promise<TripBookingFileRow> {
  const rows = await db.insert(tripBookingFiles).values(values).returning();
  return rows[0] as TripBookingFileRow;
}

export async function deleteBookingFile(db: Db, fileId: string): Promise<void> {
  await db.delete(tripBookingFiles).where(eq(tripBookingFiles.id, fileId));
}

/** The stored keys of these bookings' files: to remove once the rows are gone. */
export async function bookingFileKeys(db: Db, bookingIds: readonly string[]): Promise<string[]> {
  if (bookingIds.length === 0) return [];
  const rows = await db
    .select({ key: tripBookingFiles.storageKey })
    .from(tripBookingFiles)
    .where(inArray(tripBookingFiles.bookingId, [...bookingIds]));
  return rows.map((row) => row.key);
}

/** The stored keys of a trip's booking files: to remove once the trip is gone. */
export async function tripBookingFileKeys(db: Db, tripId: string): Promise<string[]> {
  const rows = await db
    .select({ key: tripBookingFiles.storageKey })
    .from(tripBookingFiles)
    .where(eq(tripBookingFiles.tripId, tripId));
  return rows.map((row) => row.key);
}

/**
 * Removes the files `userId` attached to bookings (a deleted account's files go with it; the
 * bookings stay the trip's): the stored keys, for the caller to remove once it has committed.
 */
export async function detachBookingFilesOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .delete(tripBookingFiles)
    .where(eq(tripBookingFiles.createdBy, userId))
    .returning({ key: tripBookingFiles.storageKey });
  return rows.map((row) => row.key);
}
