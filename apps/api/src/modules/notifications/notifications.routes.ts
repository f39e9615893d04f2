import {
  notificationParamsSchema,
  notificationPatchBodySchema,
  notificationSchema,
  notificationsQuerySchema,
  notificationsResponseSchema,
} from '@tripcrew/contracts/notifications';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../platform/auth-guard.ts';
import { errorResponses, privateAnswers, signedInRoute } from '../../platform/route-options.ts';
import type { NotificationsService } from './notifications.service.ts';

const tag = 'notifications';

/** SPEC §7 "Notifications" (NOTIF-05, NOTIF-06). Notifications are created by domain events, not routes. */
export const notificationsRoutes =
  (service: NotificationsService): FastifyPluginAsyncZod =>
  async (app) => {
    privateAnswers(app);

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
