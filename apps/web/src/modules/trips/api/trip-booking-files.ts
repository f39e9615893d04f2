import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { okSchema } from '@tripcrew/contracts/common';
import {
  BOOKING_FILE_MAX_BYTES,
  BOOKING_FILES_MAX,
  type BookingFile,
  bookingFileSchema,
  type TripBooking,
} from '@tripcrew/contracts/trip-bookings';
import { apiWrite } from '../../../lib/api-write.ts';
import { fetchAuthorized, saveBlob } from '../../../lib/download-file.ts';
import { isOnline } from '../../../lib/network-status.ts';
import { bookingsKey, bookingsPath } from './trip-bookings.ts';

export type { BookingFile };

/** What a booking's file may be: a PDF or an image (re-encoded by the server), at most 10 MB. */
export const BOOKING_FILE_ACCEPT = 'application/pdf,image/jpeg,image/png,image/webp,image/gif';
export { BOOKING_FILE_MAX_BYTES, BOOKING_FILES_MAX };
/** The files of bookings that start (or go on) within this many days are kept for offline use. */
const OFFLINE_DAYS = 7;
const DAY = 86_400_000;

const filesPath = (tripId: string, bookingId: string) =>
  `${bookingsPath(tripId)}/${encodeURIComponent(bookingId)}/files`;
export const bookingFilePath = (tripId: string, bookingId: string, fileId: string) =>
  `${filesPath(tripId, bookingId)}/${encodeURIComponent(fileId)}`;

/** POST …/bookings/{id}/files (multipart field "file") and DELETE …/files/{fileId}; both refetch the bookings. */
export function useBookingFileActions(tripId: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: bookingsKey(tripId) });
  const attach = useMutation({
    mutationFn: ({ bookingId, file }: { bookingId: string; file: File }) => {
      const form = new FormData();
      form.append('file', file);
      return apiWrite('POST', filesPath(tripId, bookingId), form, bookingFileSchema);
    },
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: ({ bookingId, fileId }: { bookingId: string; fileId: string }) =>
      apiWrite('DELETE', bookingFilePath(tripId, bookingId, fileId), undefined, okSchema),
    onSuccess: refresh,
  });
  return { attach, remove };
}

/**
 * Saves a booking's file under its own name, for the device's PDF or image viewer (offline too,
 * once the service worker keeps it): a download, never a page of the app's origin showing it.
 */
export async function openBookingFile(tripId: string, bookingId: string, file: BookingFile): Promise<void> {
  const response = await fetchAuthorized(bookingFilePath(tripId, bookingId, file._id));
  saveBlob(await response.blob(), file.name);
}

/** True when the booking starts, or is still going on, between now and OFFLINE_DAYS from now. */
export function isComingSoon(booking: TripBooking, now: number): boolean {
  const start = Date.parse(booking.start.at);
  const end = booking.end ? Date.parse(booking.end.at) : start;
  return start <= now + OFFLINE_DAYS * DAY && Math.max(start, end) >= now - DAY;
}

const fetched = new Set<string>();

/**
 * Fetches, once per page load, the files of the bookings of the next seven days, so the service
 * worker keeps them and a boarding pass opens with no network. Only online, only with a service
 * worker in control; one at a time, failures left for the next visit.
 */
export async function keepBookingFilesOffline(
  tripId: string,
  bookings: readonly TripBooking[],
  now = Date.now(),
): Promise<void> {
  if (!isOnline() || !navigator.serviceWorker?.controller) return;
  for (const booking of bookings) {
    if (!isComingSoon(booking, now)) continue;
    for (const file of booking.files) {
      if (fetched.has(file._id)) continue;
      fetched.add(file._id);
      try {
        await (await fetchAuthorized(bookingFilePath(tripId, booking._id, file._id))).arrayBuffer();
      } catch {
        fetched.delete(file._id);
      }
    }
  }
}

/** keepBookingFilesOffline whenever the trip's bookings (re)load. */
export function useKeepBookingFilesOffline(
  tripId: string,
  bookings: readonly TripBooking[] | undefined,
): void {
  useEffect(() => {
    if (bookings) void keepBookingFilesOffline(tripId, bookings);
  }, [tripId, bookings]);
}
