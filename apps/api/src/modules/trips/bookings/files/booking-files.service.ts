import { isUuid } from '@tripcrew/contracts/common';
import {
  BOOKING_FILE_MAX_BYTES,
  BOOKING_FILES_MAX,
  type BookingFile,
} from '@tripcrew/contracts/trip-bookings';
import { cleanDocument } from '../../../../platform/documents.ts';
import { badRequest, forbidden, notFound } from '../../../../platform/errors.ts';
import type { FileStorage } from '../../../../platform/storage.ts';
import { randomId } from '../../../../platform/tokens.ts';
import { readAccess, writeAccess } from '../../core/trip-access.ts';
import type { TripContext } from '../../core/trip-context.ts';
import { can } from '../../core/trips.policy.ts';
import { labelOf, recordActivity } from '../../history/record-versions.ts';
import { bookingFileView } from '../booking-ends.ts';
import { findTripBooking } from '../trip-bookings.repository.ts';
import {
  countBookingFiles,
  deleteBookingFile,
  findBookingFile,
  insertBookingFile,
} from './booking-files.repository.ts';

export const BOOKING_FILE_ACCEPTED = 'Attach a PDF or a JPEG, PNG, WebP or GIF image';
const MAX_SIDE = 2400;
const NAME_MAX = 120;
const NO_BOOKING = 'This booking is not among the bookings of this trip.';
const NO_FILE = 'This file is not among the files of this booking.';

/** Removes stored files once the rows naming them are gone; a file already gone is no error. */
export async function removeBookingFiles(storage: FileStorage, keys: readonly string[]): Promise<void> {
  for (const key of keys) await storage.delete(key).catch(() => undefined);
}

/**
 * The name a file keeps: the one it was sent with, without a path, control characters or its
 * own extension, ending in the extension of what is stored ("boarding-pass.pdf", "ticket.webp").
 */
export function fileNameOf(sent: string, extension: string): string {
  const base = (sent.split(/[\\/]/).at(-1) ?? '')
    .replace(/[\p{Cc}\p{Cf}"]/gu, '')
    .replace(/\.[A-Za-z0-9]{1,5}$/, '')
    .trim()
    .slice(0, NAME_MAX - extension.length - 1);
  return `${base || 'file'}.${extension}`;
}

/** The name in a download's header: ASCII letters, digits, dots, dashes and underscores. */
const headerName = (name: string) => name.replace(/[^A-Za-z0-9._-]+/g, '_');

/**
 * A booking's files (a boarding pass, the hotel's confirmation, tickets): judged by their bytes
 * (platform/documents.ts), private to the trip's members — every role reads them ('trip.read'),
 * never the share page; those who add bookings attach files to any booking of the trip
 * ('bookings.add'); who attached a file, who added the booking, or an admin removes it.
 */
export function createBookingFilesService(ctx: TripContext) {
  const { db, storage } = ctx;

  const bookingOf = async (tx: typeof db, tripId: string, bookingId: string) => {
    const booking = isUuid(bookingId) ? await findTripBooking(tx, tripId, bookingId) : undefined;
    if (!booking) throw notFound(NO_BOOKING);
    return booking;
  };

  return {
    async add(
      userId: string,
      tripId: string,
      bookingId: string,
      data: Buffer,
      sent: string,
    ): Promise<BookingFile> {
      // The role and the booking first (a read-only role learns nothing of its file), then the bytes.
      const { trip } = await readAccess(db, userId, tripId, 'bookings.add');
      await bookingOf(db, trip.id, bookingId);
      const { bytes, type, extension } = await cleanDocument(data, {
        accepted: BOOKING_FILE_ACCEPTED,
        maxSide: MAX_SIDE,
        notOpening: 'FILE_NOT_OPENING',
      });
      const key = `bookings/${randomId()}.${extension}`;
      await storage.put(key, bytes);
      try {
        return await ctx.changeTrip(userId, 'bookings', async (tx) => {
          const { trip: locked } = await writeAccess(tx, userId, tripId, 'bookings.add');
          const booking = await bookingOf(tx, locked.id, bookingId);
          if ((await countBookingFiles(tx, booking.id)) >= BOOKING_FILES_MAX)
            throw badRequest(`A booking holds at most ${BOOKING_FILES_MAX} files: remove one first.`, 'file');
          const name = fileNameOf(sent, extension);
          const file = await insertBookingFile(tx, {
            tripId: locked.id,
            bookingId: booking.id,
            storageKey: key,
            name,
            type,
            size: bytes.length,
            createdBy: userId,
          });
          await recordActivity(tx, userId, {
            tripId: locked.id,
            kind: 'booking',
            recordId: booking.id,
            action: 'changed',
            version: null,
            label: labelOf(booking.title),
            fields: ['files'],
            before: { files: null },
            after: { files: name },
          });
          return { tripId: locked.id, value: bookingFileView(booking, file) };
        });
      } catch (error) {
        await removeBookingFiles(storage, [key]);
        throw error;
      }
    },

    async get(
      userId: string,
      tripId: string,
      bookingId: string,
      fileId: string,
    ): Promise<{ data: Buffer; type: string; name: string }> {
      const { trip } = await readAccess(db, userId, tripId, 'trip.read');
      const file =
        isUuid(bookingId) && isUuid(fileId)
          ? await findBookingFile(db, trip.id, bookingId, fileId)
          : undefined;
      const data = file ? await storage.get(file.storageKey) : undefined;
      if (!file || !data) throw notFound(NO_FILE);
      return { data, type: file.type, name: headerName(file.name) };
    },

    async remove(userId: string, tripId: string, bookingId: string, fileId: string): Promise<void> {
      const key = await ctx.changeTrip(userId, 'bookings', async (tx) => {
        const { trip, role } = await writeAccess(tx, userId, tripId, 'bookings.add');
        const booking = await bookingOf(tx, trip.id, bookingId);
        const file = isUuid(fileId) ? await findBookingFile(tx, trip.id, booking.id, fileId) : undefined;
        if (!file) throw notFound(NO_FILE);
        if (file.createdBy !== userId && booking.createdBy !== userId && !can(role, 'bookings.edit-any'))
          throw forbidden('Only an admin, who added this booking or who attached this file can remove it.');
        await deleteBookingFile(tx, file.id);
        await recordActivity(tx, userId, {
          tripId: trip.id,
          kind: 'booking',
          recordId: booking.id,
          action: 'changed',
          version: null,
          label: labelOf(booking.title),
          fields: ['files'],
          before: { files: file.name },
          after: { files: null },
        });
        return { tripId: trip.id, value: file.storageKey };
      });
      await removeBookingFiles(storage, [key]);
    },
  };
}

export type BookingFilesService = ReturnType<typeof createBookingFilesService>;
export { BOOKING_FILE_MAX_BYTES };
