import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { actorColumn, idColumn, nowColumn, ownerColumn } from '../../../../db/columns.ts';
import { users } from '../../../users/users.table.ts';
import { tripBookings, trips } from '../../core/trips.table.ts';

/**
 * The files attached to a booking (a boarding pass, the hotel's confirmation, tickets): an image
 * re-encoded as WebP or a PDF that opened (platform/documents.ts), stored under `storage_key`
 * (`bookings/…`, a key no public route serves). They go with their booking, their trip, or the
 * account of who attached them (account deletion removes the stored files after it commits).
 */
export const tripBookingFiles = pgTable(
  'trip_booking_files',
  {
    id: idColumn(),
    tripId: ownerColumn('trip_id', () => trips.id),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => tripBookings.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    /** The name it was sent with, cleaned ("boarding-pass.pdf"). */
    name: text('name').notNull(),
    type: text('type', { enum: ['application/pdf', 'image/webp'] }).notNull(),
    size: integer('size').notNull(),
    createdBy: actorColumn('created_by', () => users.id),
    createdAt: nowColumn(),
  },
  (t) => [index('trip_booking_files_booking').on(t.bookingId, t.createdAt)],
);

export type TripBookingFileRow = typeof tripBookingFiles.$inferSelect;
export type NewTripBookingFileRow = typeof tripBookingFiles.$inferInsert;
