import {
  BOOKING_FILE_MAX_BYTES,
  BOOKING_FILES_MAX,
  bookingFileParamsSchema,
  bookingFileSchema,
  tripBookingParamsSchema,
} from '@tripcrew/contracts/trip-bookings';
import { sendFile } from '../../../../platform/route-options.ts';
import { readNamedFileUpload } from '../../../../platform/uploads.ts';
import { deletedSchema, done, permissions, tripRoutes } from '../../routes/trip-route-options.ts';
import { BOOKING_FILE_ACCEPTED, type BookingFilesService } from './booking-files.service.ts';

const MB = BOOKING_FILE_MAX_BYTES / 1024 / 1024;

/** The files of a trip's bookings: boarding passes, confirmations, tickets (members only). */
export const bookingFilesRoutes = (service: BookingFilesService) =>
  tripRoutes((route) => {
    route.post('/core/trips/:id/bookings/:bookingId/files', {
      summary: 'Attach a file to a booking (a PDF or an image, multipart field file)',
      description: permissions(
        `At most ${MB} MB and ${BOOKING_FILES_MAX} files a booking; judged by content: images are re-encoded without their metadata, a PDF must open. Admins, members, drivers and guides attach to any booking of the trip; guests, others and viewers 403. Answers the file.`,
      ),
      params: tripBookingParamsSchema,
      consumes: ['multipart/form-data'],
      answer: bookingFileSchema,
      run: async ({ userId, params, request }) => {
        const file = await readNamedFileUpload(request, BOOKING_FILE_MAX_BYTES, BOOKING_FILE_ACCEPTED);
        return service.add(userId, params.id, params.bookingId, file.data, file.name);
      },
    });

    route.get('/core/trips/:id/bookings/:bookingId/files/:fileId', {
      summary: "A booking's file (every member of the trip; never the share page)",
      description: permissions('A download: application/pdf or image/webp.'),
      params: bookingFileParamsSchema,
      produces: ['application/pdf', 'image/webp'],
      errors: [],
      run: async ({ userId, params, reply }) => {
        const file = await service.get(userId, params.id, params.bookingId, params.fileId);
        return sendFile(reply.header('content-security-policy', "default-src 'none'; sandbox"), {
          type: file.type,
          fileName: file.name,
          body: file.data,
        });
      },
    });

    route.delete('/core/trips/:id/bookings/:bookingId/files/:fileId', {
      summary: "Remove a booking's file",
      description: permissions('Who attached it, who added the booking, or an admin; anyone else 403.'),
      params: bookingFileParamsSchema,
      answer: deletedSchema,
      run: ({ userId, params }) => done(service.remove(userId, params.id, params.bookingId, params.fileId)),
    });
  });
