import { calendarFeedParamsSchema, calendarFeedSchema, tripIdParamsSchema } from '@tripcrew/contracts/trips';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../../platform/auth-guard.ts';
import { errorResponses, publicRoute, sendFile } from '../../../platform/route-options.ts';
import type { CalendarFile, TripCalendarFeedService } from './trip-calendar-feed.service.ts';
import {
  deleted,
  done,
  PERMISSIONS,
  signedIn,
  tag,
  tripErrors,
  withPermissions,
} from '../routes/trip-route-options.ts';

const feed = { 200: calendarFeedSchema, ...tripErrors } as const;

function sendCalendar(reply: FastifyReply, calendar: CalendarFile, download: boolean) {
  return sendFile(reply.header('cache-control', 'private, no-store'), {
    type: 'text/calendar; charset=utf-8',
    fileName: calendar.fileName,
    body: calendar.body,
    inline: !download,
  });
}

/** The trip as iCalendar (PLANNER-09): a download, and a private feed URL admins manage. */
export const tripCalendarFeedRoutes =
  (service: TripCalendarFeedService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/core/trips/:id/calendar.ics',
      signedIn(app, {
        summary: 'The trip as an iCalendar file (RFC 5545)',
        description: withPermissions(
          'An all-day event for the trip (when it has dates), a one-hour event per planner item with a day and a time (floating local time) and an all-day event per item planned on a day without a time. UIDs are stable across downloads.',
        ),
        params: tripIdParamsSchema,
        produces: ['text/calendar'],
        response: { ...tripErrors },
      }),
      async (request, reply) =>
        sendCalendar(reply, await service.calendar(currentUser(request).id, request.params.id), true),
    );

    app.get(
      '/core/trips/calendar-feed/:token',
      publicRoute(tag, {
        summary: 'A private calendar feed (no sign-in: the token in the URL is the key)',
        description: 'The same iCalendar as calendar.ics; 404 once the feed is revoked or rotated.',
        params: calendarFeedParamsSchema,
        produces: ['text/calendar'],
        response: errorResponses(400, 404),
      }),
      async (request, reply) => sendCalendar(reply, await service.feedCalendar(request.params.token), false),
    );

    app.get(
      '/core/trips/:id/calendar-feed',
      signedIn(app, {
        summary:
          'Whether the trip has a private calendar feed, and since when (admins only; the URL is shown only when made)',
        description: PERMISSIONS,
        params: tripIdParamsSchema,
        response: feed,
      }),
      async (request) => service.feed(currentUser(request).id, request.params.id),
    );

    app.post(
      '/core/trips/:id/calendar-feed',
      signedIn(app, {
        summary: 'Create or rotate the private calendar feed URL (admins only)',
        description: withPermissions(
          'A new random token each time; the previous URL stops working. The URL is in this answer only: the server keeps the token hashed.',
        ),
        params: tripIdParamsSchema,
        response: feed,
      }),
      async (request) => service.rotateFeed(currentUser(request).id, request.params.id),
    );

    app.delete(
      '/core/trips/:id/calendar-feed',
      signedIn(app, {
        summary: 'Revoke the private calendar feed (admins only)',
        description: PERMISSIONS,
        params: tripIdParamsSchema,
        response: deleted,
      }),
      async (request) => done(service.revokeFeed(currentUser(request).id, request.params.id)),
    );
  };
