import { apiErrorSchema } from '@tripcrew/contracts/common';
import {
  notificationParamsSchema,
  notificationPatchBodySchema,
  notificationSchema,
  notificationsQuerySchema,
  notificationsResponseSchema,
} from '@tripcrew/contracts/notifications';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BEARER, currentUser } from '../../platform/auth-guard.ts';
import type { NotificationsService } from './notifications.service.ts';

const error = apiErrorSchema;
const tags = ['notifications'];

/** SPEC §7 "Notifications" (NOTIF-05, NOTIF-06). Notifications are created by domain events, not routes. */
export const notificationsRoutes =
  (service: NotificationsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
    });

    app.get(
      '/users/notifications',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          summary: "The caller's notifications, newest first",
          description:
            'Paginated with skip and limit. X-Total-Count carries the number of notifications, X-Unseen-Count the number not seen yet. New ones are also pushed over the WebSocket /users/ws.',
          security: BEARER,
          querystring: notificationsQuerySchema,
          response: { 200: notificationsResponseSchema, 400: error, 401: error },
        },
      },
      async (request, reply) => {
        const { items, total, unseen } = await service.list(currentUser(request).id, request.query);
        reply.header('x-total-count', String(total)).header('x-unseen-count', String(unseen));
        return items;
      },
    );

    app.patch(
      '/users/notifications/:id',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          summary: 'Mark one of your notifications seen',
          description: "Answers the updated notification. Someone else's, or an unknown id, answers 404.",
          security: BEARER,
          params: notificationParamsSchema,
          body: notificationPatchBodySchema,
          response: { 200: notificationSchema, 400: error, 401: error, 404: error },
        },
      },
      async (request) => service.markSeen(currentUser(request).id, request.params.id),
    );
  };
