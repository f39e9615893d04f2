import multipart from '@fastify/multipart';
import { apiErrorSchema } from '@tripcrew/contracts/common';
import {
  addTripFeaturesBodySchema,
  addTripMemberBodySchema,
  calendarFeedParamsSchema,
  calendarFeedSchema,
  checklistBodySchema,
  checklistResponseSchema,
  createPlannerNoteBodySchema,
  createTripBodySchema,
  createTripResponseSchema,
  movePlannerItemBodySchema,
  plannerItemParamsSchema,
  plannerSchema,
  tripFeatureParamsSchema,
  tripFeaturesParamsSchema,
  tripFeaturesSchema,
  tripIdParamsSchema,
  tripListSchema,
  tripMemberParamsSchema,
  tripSchema,
  updatePlannerItemBodySchema,
  updateTripBodySchema,
  updateTripMemberBodySchema,
  updateTripResponseSchema,
} from '@tripcrew/contracts/trips';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BEARER, currentUser } from '../../platform/auth-guard.ts';
import { COVER_MAX_BYTES, readCoverUpload } from './trip-upload.ts';
import type { TripsService } from './trips.service.ts';

const error = apiErrorSchema;
/** Errors of a route on one trip: bad input, signed out, role lacking (403), not a member (404). */
const tripErrors = { 400: error, 401: error, 403: error, 404: error } as const;
const noContent = { 204: z.null().describe('No content') } as const;
const tags = ['trips'];
const PERMISSIONS = 'Permissions per role: docs/trips-permissions.md. Non-members get 404.';

function sendCalendar(reply: FastifyReply, calendar: { fileName: string; body: string }, download: boolean) {
  return reply
    .header('cache-control', 'private, no-store')
    .header('content-disposition', `${download ? 'attachment' : 'inline'}; filename="${calendar.fileName}"`)
    .type('text/calendar; charset=utf-8')
    .send(calendar.body);
}

/** SPEC §7 Trips, plus members, planner, checklist and calendar (issue "Trips"). */
export const tripsRoutes =
  (service: TripsService): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(multipart, { limits: { fileSize: COVER_MAX_BYTES, files: 1 } });
    app.addHook('onSend', async (request, reply) => {
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-store');
    });
    const auth = { preHandler: app.requireUser };

    // ------------------------------------------------------------ trips

    app.post(
      '/core/trips',
      {
        ...auth,
        schema: {
          tags,
          summary: 'Create a trip (the caller becomes its admin)',
          description:
            "Members must be in the caller's crew; features must belong to the place. The trip is named after the place and takes its image; each feature gets a planner item in the tray.",
          security: BEARER,
          body: createTripBodySchema,
          response: { 201: createTripResponseSchema, 400: error, 401: error },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await service.create(currentUser(request).id, request.body)),
    );

    app.get(
      '/core/trips',
      {
        ...auth,
        schema: {
          tags,
          summary: "The caller's trips, newest start first (trips without dates last)",
          security: BEARER,
          response: { 200: tripListSchema, 401: error },
        },
      },
      async (request) => service.list(currentUser(request).id),
    );

    app.get(
      '/core/trips/upcoming',
      {
        ...auth,
        schema: {
          tags,
          summary: "The caller's trips that have not ended, soonest first (trips without dates last)",
          security: BEARER,
          response: { 200: tripListSchema, 401: error },
        },
      },
      async (request) => service.upcoming(currentUser(request).id),
    );

    app.get(
      '/core/trips/:id',
      {
        ...auth,
        schema: {
          tags,
          summary: 'A trip',
          description: PERMISSIONS,
          security: BEARER,
          params: tripIdParamsSchema,
          response: { 200: tripSchema, ...tripErrors },
        },
      },
      async (request) => service.get(currentUser(request).id, request.params.id),
    );

    app.get(
      '/core/trips/features/:tripId',
      {
        ...auth,
        schema: {
          tags,
          summary: "A trip's features",
          description: PERMISSIONS,
          security: BEARER,
          params: tripFeaturesParamsSchema,
          response: { 200: tripFeaturesSchema, ...tripErrors },
        },
      },
      async (request) => service.features(currentUser(request).id, request.params.tripId),
    );

    app.patch(
      '/core/trips/update/:id',
      {
        ...auth,
        schema: {
          tags,
          summary: 'Update name, dates, transport mode or image of a trip',
          description: `Changing the dates never deletes planner items: items on days that no longer exist move to the end of the tray, and movedToTray says how many. Changing the image is for admins only. ${PERMISSIONS}`,
          security: BEARER,
          params: tripIdParamsSchema,
          body: updateTripBodySchema,
          response: { 200: updateTripResponseSchema, ...tripErrors },
        },
      },
      async (request) => service.update(currentUser(request).id, request.params.id, request.body),
    );

    app.post(
      '/core/trips/:id/upload',
      {
        ...auth,
        schema: {
          tags,
          summary: 'Upload a cover image (multipart field "file"; admins only)',
          description: `JPEG, PNG, WebP or GIF up to ${COVER_MAX_BYTES / (1024 * 1024)} MB, judged by content and re-encoded (metadata removed): an original whose longest side is at most 1920 px and a 940×650 landscape. Answers the updated trip. ${PERMISSIONS}`,
          consumes: ['multipart/form-data'],
          security: BEARER,
          params: tripIdParamsSchema,
          response: { 200: tripSchema, ...tripErrors },
        },
      },
      async (request) =>
        service.uploadCover(currentUser(request).id, request.params.id, () => readCoverUpload(request)),
    );

    app.delete(
      '/core/trips/:id',
      {
        ...auth,
        schema: {
          tags,
          summary:
            'Delete a trip with its members, features, planner, checklists and calendar feed (admins only)',
          description: PERMISSIONS,
          security: BEARER,
          params: tripIdParamsSchema,
          response: { ...noContent, ...tripErrors },
        },
      },
      async (request, reply) => {
        await service.remove(currentUser(request).id, request.params.id);
        return reply.status(204).send(null);
      },
    );

    // ------------------------------------------------------------ features

    app.post(
      '/core/trips/:id/features',
      {
        ...auth,
        schema: {
          tags,
          summary: "Add features of the trip's place (answers the trip's features)",
          description: `Features already in the trip are ignored; each new one gets a planner item in the tray. Unknown ids and features of another place answer 400 naming them. ${PERMISSIONS}`,
          security: BEARER,
          params: tripIdParamsSchema,
          body: addTripFeaturesBodySchema,
          response: { 200: tripFeaturesSchema, ...tripErrors },
        },
      },
      async (request) =>
        service.addFeatures(currentUser(request).id, request.params.id, request.body.featureIds),
    );

    app.delete(
      '/core/trips/:id/features/:featureId',
      {
        ...auth,
        schema: {
          tags,
          summary: 'Remove a feature (and its planner item) from a trip',
          description: PERMISSIONS,
          security: BEARER,
          params: tripFeatureParamsSchema,
          response: { ...noContent, ...tripErrors },
        },
      },
      async (request, reply) => {
        await service.removeFeature(currentUser(request).id, request.params.id, request.params.featureId);
        return reply.status(204).send(null);
      },
    );

    // ------------------------------------------------------------ members

    app.post(
      '/core/trips/:id/members',
      {
        ...auth,
        schema: {
          tags,
          summary: "Add a member from the caller's crew (admins only)",
          description: `Roles: admin, member, driver, guide, guest, other. Someone outside the admin's crew answers 400; someone already in the trip 409. ${PERMISSIONS}`,
          security: BEARER,
          params: tripIdParamsSchema,
          body: addTripMemberBodySchema,
          response: { 200: tripSchema, ...tripErrors, 409: error },
        },
      },
      async (request) =>
        service.addMember(currentUser(request).id, request.params.id, request.body.userId, request.body.role),
    );

    app.patch(
      '/core/trips/:id/members/:userId',
      {
        ...auth,
        schema: {
          tags,
          summary: "Set a member's role (admins only)",
          description: `The last admin cannot be demoted (409). ${PERMISSIONS}`,
          security: BEARER,
          params: tripMemberParamsSchema,
          body: updateTripMemberBodySchema,
          response: { 200: tripSchema, ...tripErrors, 409: error },
        },
      },
      async (request) =>
        service.setMemberRole(
          currentUser(request).id,
          request.params.id,
          request.params.userId,
          request.body.role,
        ),
    );

    app.delete(
      '/core/trips/:id/members/:userId',
      {
        ...auth,
        schema: {
          tags,
          summary: 'Remove a member (admins), or leave the trip (any member, with their own id)',
          description: `The last admin can be neither removed nor leave (409). ${PERMISSIONS}`,
          security: BEARER,
          params: tripMemberParamsSchema,
          response: { ...noContent, ...tripErrors, 409: error },
        },
      },
      async (request, reply) => {
        await service.removeMember(currentUser(request).id, request.params.id, request.params.userId);
        return reply.status(204).send(null);
      },
    );

    // ------------------------------------------------------------ planner

    app.get(
      '/core/trips/:id/planner',
      {
        ...auth,
        schema: {
          tags,
          summary: 'The planner: every day of the trip with its ordered items, and the tray',
          description: PERMISSIONS,
          security: BEARER,
          params: tripIdParamsSchema,
          response: { 200: plannerSchema, ...tripErrors },
        },
      },
      async (request) => service.planner(currentUser(request).id, request.params.id),
    );

    app.post(
      '/core/trips/:id/planner/notes',
      {
        ...auth,
        schema: {
          tags,
          summary: 'Add a note to a day (at its end) or to the tray',
          description: PERMISSIONS,
          security: BEARER,
          params: tripIdParamsSchema,
          body: createPlannerNoteBodySchema,
          response: { 200: plannerSchema, ...tripErrors },
        },
      },
      async (request) => service.addNote(currentUser(request).id, request.params.id, request.body),
    );

    app.patch(
      '/core/trips/:id/planner/items/:itemId',
      {
        ...auth,
        schema: {
          tags,
          summary: 'Change the time of an item or the text of a note',
          description: PERMISSIONS,
          security: BEARER,
          params: plannerItemParamsSchema,
          body: updatePlannerItemBodySchema,
          response: { 200: plannerSchema, ...tripErrors },
        },
      },
      async (request) =>
        service.updateItem(currentUser(request).id, request.params.id, request.params.itemId, request.body),
    );

    app.post(
      '/core/trips/:id/planner/items/:itemId/move',
      {
        ...auth,
        schema: {
          tags,
          summary: 'Move an item to a day (or the tray, date null) at an index, atomically',
          description: `Schedule, unschedule, move and reorder in one call; an index past the end puts the item last. A day outside the trip answers 400. ${PERMISSIONS}`,
          security: BEARER,
          params: plannerItemParamsSchema,
          body: movePlannerItemBodySchema,
          response: { 200: plannerSchema, ...tripErrors },
        },
      },
      async (request) =>
        service.moveItem(currentUser(request).id, request.params.id, request.params.itemId, request.body),
    );

    app.delete(
      '/core/trips/:id/planner/items/:itemId',
      {
        ...auth,
        schema: {
          tags,
          summary: "Delete a note (a feature's item goes only with the feature: 400)",
          description: PERMISSIONS,
          security: BEARER,
          params: plannerItemParamsSchema,
          response: { ...noContent, ...tripErrors },
        },
      },
      async (request, reply) => {
        await service.deleteItem(currentUser(request).id, request.params.id, request.params.itemId);
        return reply.status(204).send(null);
      },
    );

    // ------------------------------------------------------------ checklist

    app.get(
      '/core/trips/:id/checklist',
      {
        ...auth,
        schema: {
          tags,
          summary: "The caller's own ticked checklist entries for the trip, latest last",
          description: `Personal: other members never see them. ${PERMISSIONS}`,
          security: BEARER,
          params: tripIdParamsSchema,
          response: { 200: checklistResponseSchema, ...tripErrors },
        },
      },
      async (request) => service.checklist(currentUser(request).id, request.params.id),
    );

    app.put(
      '/core/trips/:id/checklist',
      {
        ...auth,
        schema: {
          tags,
          summary: "Replace the caller's own ticked checklist entries for the trip",
          description: `Duplicates keep their last occurrence, so the latest is last. Every member may tick their own checklist, guests included. ${PERMISSIONS}`,
          security: BEARER,
          params: tripIdParamsSchema,
          body: checklistBodySchema,
          response: { 200: checklistResponseSchema, ...tripErrors },
        },
      },
      async (request) =>
        service.saveChecklist(currentUser(request).id, request.params.id, request.body.entries),
    );

    // ------------------------------------------------------------ calendar

    app.get(
      '/core/trips/:id/calendar.ics',
      {
        ...auth,
        schema: {
          tags,
          summary: 'The trip as an iCalendar file (RFC 5545)',
          description: `An all-day event for the trip (when it has dates) and a one-hour event per planner item with a day and a time, in floating local time. ${PERMISSIONS}`,
          security: BEARER,
          params: tripIdParamsSchema,
          produces: ['text/calendar'],
          response: { ...tripErrors },
        },
      },
      async (request, reply) =>
        sendCalendar(reply, await service.calendar(currentUser(request).id, request.params.id), true),
    );

    app.get(
      '/core/trips/calendar-feed/:token',
      {
        schema: {
          tags,
          summary: 'A private calendar feed (no sign-in: the token in the URL is the key)',
          description: 'The same iCalendar as calendar.ics; 404 once the feed is revoked or rotated.',
          params: calendarFeedParamsSchema,
          produces: ['text/calendar'],
          response: { 400: error, 404: error },
        },
      },
      async (request, reply) => sendCalendar(reply, await service.feedCalendar(request.params.token), false),
    );

    app.get(
      '/core/trips/:id/calendar-feed',
      {
        ...auth,
        schema: {
          tags,
          summary: 'The private calendar feed URL of the trip, or null (admins only)',
          description: PERMISSIONS,
          security: BEARER,
          params: tripIdParamsSchema,
          response: { 200: calendarFeedSchema, ...tripErrors },
        },
      },
      async (request) => service.feed(currentUser(request).id, request.params.id),
    );

    app.post(
      '/core/trips/:id/calendar-feed',
      {
        ...auth,
        schema: {
          tags,
          summary: 'Create or rotate the private calendar feed URL (admins only)',
          description: `A new random token each time; the previous URL stops working. ${PERMISSIONS}`,
          security: BEARER,
          params: tripIdParamsSchema,
          response: { 200: calendarFeedSchema, ...tripErrors },
        },
      },
      async (request) => service.rotateFeed(currentUser(request).id, request.params.id),
    );

    app.delete(
      '/core/trips/:id/calendar-feed',
      {
        ...auth,
        schema: {
          tags,
          summary: 'Revoke the private calendar feed (admins only)',
          description: PERMISSIONS,
          security: BEARER,
          params: tripIdParamsSchema,
          response: { ...noContent, ...tripErrors },
        },
      },
      async (request, reply) => {
        await service.revokeFeed(currentUser(request).id, request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
