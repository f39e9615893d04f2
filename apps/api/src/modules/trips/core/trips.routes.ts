import multipart from '@fastify/multipart';
import {
  createTripBodySchema,
  createTripResponseSchema,
  tripIdParamsSchema,
  tripListSchema,
  tripSchema,
  updateTripBodySchema,
  updateTripResponseSchema,
} from '@tripcrew/contracts/trips';
import { privateAnswers } from '../../../platform/route-options.ts';
import { tripCalendarFeedRoutes } from '../calendar/trip-calendar-feed.routes.ts';
import { tripInvitesRoutes } from '../invites/trip-invites.routes.ts';
import { tripHistoryRoutes } from '../history/trip-history.routes.ts';
import { tripPackingRoutes } from '../packing/trip-packing.routes.ts';
import { bookingFilesRoutes } from '../bookings/files/booking-files.routes.ts';
import { tripBookingsRoutes } from '../bookings/trip-bookings.routes.ts';
import { tripPlacesRoutes } from '../places/trip-places.routes.ts';
import { tripPresenceRoutes } from '../presence/trip-presence.routes.ts';
import { tripShareRoutes } from '../share/trip-share.routes.ts';
import { tripChecklistRoutes } from '../checklist/trip-checklist.routes.ts';
import { tripFeaturesRoutes } from '../planner/trip-features.routes.ts';
import { tripMembersRoutes } from '../members/trip-members.routes.ts';
import { tripPlannerRoutes } from '../planner/trip-planner.routes.ts';
import { tripRoutesRoutes } from '../routes/trip-routes.routes.ts';
import { deletedSchema, done, permissions, tripRoutes } from '../routes/trip-route-options.ts';
import { COVER_MAX_BYTES, readCoverUpload } from './trip-upload.ts';
import type { TripsService } from './trips.service.ts';

/** What the two trip lists say of each trip's bookings. */
const NEXT_BOOKING =
  "Each trip carries `next`: its booking that starts soonest at or after now (every member sees the trip's bookings), with its local start and zone; null when none is ahead.";

/**
 * SPEC §7 Trips, plus members, planner, checklist and calendar (issue "Trips"): the trips
 * themselves here, each sub-resource in its own routes file, registered below.
 */
export const tripsRoutes = (service: TripsService) =>
  tripRoutes(async (route, app) => {
    await app.register(multipart, { limits: { fileSize: COVER_MAX_BYTES, files: 1 } });
    privateAnswers(app);
    const trips = service.trips;
    const mine = { answer: tripListSchema, errors: [401] } as const;

    route.post('/core/trips', {
      summary: 'Create a trip (the caller becomes its admin)',
      description:
        "Members must be in the caller's crew; features must belong to the place. The trip is named after the place and takes its image; each feature gets a planner item in the tray.",
      body: createTripBodySchema,
      answer: createTripResponseSchema,
      status: 201,
      errors: [400, 401],
      run: ({ userId, body }) => trips.create(userId, body),
    });

    route.get('/core/trips', {
      summary: "The caller's trips, newest start first (trips without dates last)",
      description: NEXT_BOOKING,
      ...mine,
      run: ({ userId }) => trips.list(userId),
    });

    route.get('/core/trips/upcoming', {
      summary: "The caller's trips that have not ended, soonest first (trips without dates last)",
      description: NEXT_BOOKING,
      ...mine,
      run: ({ userId }) => trips.upcoming(userId),
    });

    route.get('/core/trips/:id', {
      summary: 'A trip',
      description: permissions(),
      params: tripIdParamsSchema,
      answer: tripSchema,
      run: ({ userId, params }) => trips.get(userId, params.id),
    });

    route.patch('/core/trips/update/:id', {
      summary: 'Update name, dates, transport mode or image of a trip',
      description: permissions(
        'Changing the dates never deletes planner items: items on days that no longer exist move to the end of the tray, and movedToTray says how many. Changing the image is for admins only.',
      ),
      params: tripIdParamsSchema,
      body: updateTripBodySchema,
      answer: updateTripResponseSchema,
      run: ({ userId, params, body }) => trips.update(userId, params.id, body),
    });

    route.post('/core/trips/:id/upload', {
      summary: 'Upload a cover image (multipart field "file"; admins only)',
      description: permissions(
        `JPEG, PNG, WebP or GIF up to ${COVER_MAX_BYTES / (1024 * 1024)} MB, judged by content and re-encoded (metadata removed): an original whose longest side is at most 1920 px and a 940×650 landscape. Answers the updated trip.`,
      ),
      consumes: ['multipart/form-data'],
      params: tripIdParamsSchema,
      answer: tripSchema,
      run: ({ userId, params, request }) =>
        trips.uploadCover(userId, params.id, () => readCoverUpload(request)),
    });

    route.delete('/core/trips/:id', {
      summary:
        'Delete a trip with its members, features, planner, checklists and calendar feed (admins only)',
      description: permissions(),
      params: tripIdParamsSchema,
      answer: deletedSchema,
      run: ({ userId, params }) => done(trips.remove(userId, params.id)),
    });

    await app.register(tripFeaturesRoutes(service.features));
    await app.register(tripMembersRoutes(service.members));
    await app.register(tripPlannerRoutes(service.planner));
    await app.register(tripRoutesRoutes(service.routes));
    await app.register(tripChecklistRoutes(service.checklist));
    await app.register(tripCalendarFeedRoutes(service.calendarFeed));
    await app.register(tripInvitesRoutes(service.invites));
    await app.register(tripShareRoutes(service.share));
    await app.register(tripPackingRoutes(service.packing));
    await app.register(tripPlacesRoutes(service.places));
    await app.register(tripBookingsRoutes(service.bookings));
    await app.register(bookingFilesRoutes(service.bookingFiles));
    await app.register(tripHistoryRoutes(service.history));
    await app.register(tripPresenceRoutes(service.presence));
  });
