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
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../../platform/auth-guard.ts';
import { errorResponses, privateAnswers } from '../../../platform/route-options.ts';
import { tripCalendarFeedRoutes } from '../calendar/trip-calendar-feed.routes.ts';
import { tripInvitesRoutes } from '../invites/trip-invites.routes.ts';
import { tripPackingRoutes } from '../packing/trip-packing.routes.ts';
import { tripShareRoutes } from '../share/trip-share.routes.ts';
import { tripChecklistRoutes } from '../checklist/trip-checklist.routes.ts';
import { tripFeaturesRoutes } from '../planner/trip-features.routes.ts';
import { tripMembersRoutes } from '../members/trip-members.routes.ts';
import { tripPlannerRoutes } from '../planner/trip-planner.routes.ts';
import { tripRoutesRoutes } from '../routes/trip-routes.routes.ts';
import {
  deleted,
  done,
  PERMISSIONS,
  signedIn,
  tripErrors,
  withPermissions,
} from '../routes/trip-route-options.ts';
import { COVER_MAX_BYTES, readCoverUpload } from './trip-upload.ts';
import type { TripsService } from './trips.service.ts';

const tripList = { 200: tripListSchema, ...errorResponses(401) };

/**
 * SPEC §7 Trips, plus members, planner, checklist and calendar (issue "Trips"): the trips
 * themselves here, each sub-resource in its own routes file, registered below.
 */
export const tripsRoutes =
  (service: TripsService): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(multipart, { limits: { fileSize: COVER_MAX_BYTES, files: 1 } });
    privateAnswers(app);
    const trips = service.trips;

    app.post(
      '/core/trips',
      signedIn(app, {
        summary: 'Create a trip (the caller becomes its admin)',
        description:
          "Members must be in the caller's crew; features must belong to the place. The trip is named after the place and takes its image; each feature gets a planner item in the tray.",
        body: createTripBodySchema,
        response: { 201: createTripResponseSchema, ...errorResponses(400, 401) },
      }),
      async (request, reply) =>
        reply.status(201).send(await trips.create(currentUser(request).id, request.body)),
    );

    app.get(
      '/core/trips',
      signedIn(app, {
        summary: "The caller's trips, newest start first (trips without dates last)",
        response: tripList,
      }),
      async (request) => trips.list(currentUser(request).id),
    );

    app.get(
      '/core/trips/upcoming',
      signedIn(app, {
        summary: "The caller's trips that have not ended, soonest first (trips without dates last)",
        response: tripList,
      }),
      async (request) => trips.upcoming(currentUser(request).id),
    );

    app.get(
      '/core/trips/:id',
      signedIn(app, {
        summary: 'A trip',
        description: PERMISSIONS,
        params: tripIdParamsSchema,
        response: { 200: tripSchema, ...tripErrors },
      }),
      async (request) => trips.get(currentUser(request).id, request.params.id),
    );

    app.patch(
      '/core/trips/update/:id',
      signedIn(app, {
        summary: 'Update name, dates, transport mode or image of a trip',
        description: withPermissions(
          'Changing the dates never deletes planner items: items on days that no longer exist move to the end of the tray, and movedToTray says how many. Changing the image is for admins only.',
        ),
        params: tripIdParamsSchema,
        body: updateTripBodySchema,
        response: { 200: updateTripResponseSchema, ...tripErrors },
      }),
      async (request) => trips.update(currentUser(request).id, request.params.id, request.body),
    );

    app.post(
      '/core/trips/:id/upload',
      signedIn(app, {
        summary: 'Upload a cover image (multipart field "file"; admins only)',
        description: withPermissions(
          `JPEG, PNG, WebP or GIF up to ${COVER_MAX_BYTES / (1024 * 1024)} MB, judged by content and re-encoded (metadata removed): an original whose longest side is at most 1920 px and a 940×650 landscape. Answers the updated trip.`,
        ),
        consumes: ['multipart/form-data'],
        params: tripIdParamsSchema,
        response: { 200: tripSchema, ...tripErrors },
      }),
      async (request) =>
        trips.uploadCover(currentUser(request).id, request.params.id, () => readCoverUpload(request)),
    );

    app.delete(
      '/core/trips/:id',
      signedIn(app, {
        summary:
          'Delete a trip with its members, features, planner, checklists and calendar feed (admins only)',
        description: PERMISSIONS,
        params: tripIdParamsSchema,
        response: deleted,
      }),
      async (request) => done(trips.remove(currentUser(request).id, request.params.id)),
    );

    await app.register(tripFeaturesRoutes(service.features));
    await app.register(tripMembersRoutes(service.members));
    await app.register(tripPlannerRoutes(service.planner));
    await app.register(tripRoutesRoutes(service.routes));
    await app.register(tripChecklistRoutes(service.checklist));
    await app.register(tripCalendarFeedRoutes(service.calendarFeed));
    await app.register(tripInvitesRoutes(service.invites));
    await app.register(tripShareRoutes(service.share));
    await app.register(tripPackingRoutes(service.packing));
  };
