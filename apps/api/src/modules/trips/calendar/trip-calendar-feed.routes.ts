import { calendarFeedParamsSchema, calendarFeedSchema, tripIdParamsSchema } from '@tripcrew/contracts/trips';
import type { FastifyReply } from 'fastify';
import { sendFile } from '../../../platform/route-options.ts';
import { routeTable } from '../../../platform/route-table.ts';
import type { CalendarFile, TripCalendarFeedService } from './trip-calendar-feed.service.ts';
import { deletedSchema, done, permissions, tag, tripRoutes } from '../routes/trip-route-options.ts';

function sendCalendar(reply: FastifyReply, calendar: CalendarFile, download: boolean) {
  return sendFile(reply.header('cache-control', 'private, no-store'), {
    type: 'text/calendar; charset=utf-8',
    fileName: calendar.fileName,
    body: calendar.body,
    inline: !download,
  });
}

/** The trip as iCalendar (PLANNER-09): a download, and a private feed URL admins manage. */
export const tripCalendarFeedRoutes = (service: TripCalendarFeedService) =>
  tripRoutes(async (route, app) => {
    const ics = { produces: ['text/calendar'] };
    const feed = { params: tripIdParamsSchema, answer: calendarFeedSchema };

    route.get('/core/trips/:id/calendar.ics', {
      summary: 'The trip as an iCalendar file (RFC 5545)',
      description: permissions(
        'An all-day event for the trip (when it has dates), a one-hour event per planner item with a day and a time (floating local time) and an all-day event per item planned on a day without a time. UIDs are stable across downloads.',
      ),
      params: tripIdParamsSchema,
      ...ics,
      run: async ({ userId, params, reply }) =>
        sendCalendar(reply, await service.calendar(userId, params.id), true),
    });

    routeTable(app, 'public', { tag }).get('/core/trips/calendar-feed/:token', {
      summary: 'A private calendar feed (no sign-in: the token in the URL is the key)',
      description: 'The same iCalendar as calendar.ics; 404 once the feed is revoked or rotated.',
      params: calendarFeedParamsSchema,
      ...ics,
      errors: [400, 404],
      run: async ({ params, reply }) => sendCalendar(reply, await service.feedCalendar(params.token), false),
    });

    route.get('/core/trips/:id/calendar-feed', {
      summary:
        'Whether the trip has a private calendar feed, and since when (admins only; the URL is shown only when made)',
      description: permissions(),
      ...feed,
      run: ({ userId, params }) => service.feed(userId, params.id),
    });

    route.post('/core/trips/:id/calendar-feed', {
      summary: 'Create or rotate the private calendar feed URL (admins only)',
      description: permissions(
        'A new random token each time; the previous URL stops working. The URL is in this answer only: the server keeps the token hashed.',
      ),
      ...feed,
      run: ({ userId, params }) => service.rotateFeed(userId, params.id),
    });

    route.delete('/core/trips/:id/calendar-feed', {
      summary: 'Revoke the private calendar feed (admins only)',
      description: permissions(),
      params: tripIdParamsSchema,
      answer: deletedSchema,
      run: ({ userId, params }) => done(service.revokeFeed(userId, params.id)),
    });
  });
