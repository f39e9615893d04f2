import {
  notificationParamsSchema,
  notificationPatchBodySchema,
  notificationSchema,
  notificationSettingsPatchSchema,
  notificationSettingsSchema,
  notificationsQuerySchema,
  notificationsResponseSchema,
  unsubscribeQuerySchema,
  unsubscribeResultSchema,
} from '@tripcrew/contracts/notifications';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../../platform/auth-guard.ts';
import {
  errorResponses,
  privateAnswers,
  publicRoute,
  signedInRoute,
} from '../../../platform/route-options.ts';
import type { NotificationSettingsService } from '../settings/notification-settings.service.ts';
import type { NotificationsService } from './notifications.service.ts';

const tag = 'notifications';

/** SPEC §7 "Notifications" (NOTIF-05, NOTIF-06). Notifications are created by domain events, not routes. */
export const notificationsRoutes =
  (service: NotificationsService, settings: NotificationSettingsService): FastifyPluginAsyncZod =>
  async (app) => {
    privateAnswers(app);
    // Mail clients send the one-click unsubscribe as a form post (RFC 8058); its body says nothing
    // the token does not.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, body),
    );

    app.get(
      '/users/notification-settings',
      signedInRoute(app, tag, {
        summary: 'Your notification settings',
        description: 'In the app and by email, per topic: trips, crew, messages (the email digest).',
        response: { 200: notificationSettingsSchema, ...errorResponses(401) },
      }),
      async (request) => settings.get(currentUser(request).id),
    );

    app.patch(
      '/users/notification-settings',
      signedInRoute(app, tag, {
        summary: 'Change your notification settings',
        description: 'Only the settings named change; answers all of them.',
        body: notificationSettingsPatchSchema,
        response: { 200: notificationSettingsSchema, ...errorResponses(400, 401) },
      }),
      async (request) => settings.update(currentUser(request).id, request.body),
    );

    app.post(
      '/notifications/unsubscribe',
      {
        // The token is the proof: a mail client posts it without cookies or a CSRF token.
        config: { csrf: false },
        ...publicRoute(tag, {
          summary: "One-click unsubscribe from a mail's topic",
          description:
            "The link of a notification mail (and its List-Unsubscribe header, RFC 8058). Turns that topic's mails off; repeating it is harmless.",
          querystring: unsubscribeQuerySchema,
          response: { 200: unsubscribeResultSchema, ...errorResponses(400, 404) },
        }),
      },
      async (request) => settings.unsubscribe(request.query.token),
    );

    app.get(
      '/users/notifications',
      signedInRoute(app, tag, {
        summary: "The caller's notifications, newest first",
        description:
          'Paginated with skip and limit. X-Total-Count carries the number of notifications, X-Unseen-Count the number not seen yet. New ones are also pushed over the WebSocket /users/ws.',
        querystring: notificationsQuerySchema,
        response: { 200: notificationsResponseSchema, ...errorResponses(400, 401) },
      }),
      async (request, reply) => {
        const { items, total, unseen } = await service.list(currentUser(request).id, request.query);
        reply.header('x-total-count', String(total)).header('x-unseen-count', String(unseen));
        return items;
      },
    );

    app.patch(
      '/users/notifications/:id',
      signedInRoute(app, tag, {
        summary: 'Mark one of your notifications seen',
        description: "Answers the updated notification. Someone else's, or an unknown id, answers 404.",
        params: notificationParamsSchema,
        body: notificationPatchBodySchema,
        response: { 200: notificationSchema, ...errorResponses(400, 401, 404) },
      }),
      async (request) => service.markSeen(currentUser(request).id, request.params.id),
    );
  };
