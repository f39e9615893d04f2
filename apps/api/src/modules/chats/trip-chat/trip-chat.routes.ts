import {
  chatMessageBodySchema,
  MESSAGE_MAX,
  messageSchema,
  messagesQuerySchema,
  tripChatParamsSchema,
  tripChatResponseSchema,
} from '@tripcrew/contracts/chats';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../../platform/auth-guard.ts';
import { errorResponses, privateAnswers, signedInRoute } from '../../../platform/route-options.ts';
import type { TripChatService } from './trip-chat.service.ts';

const tag = 'messages';

/** Issue 21: the trip chat, one per trip, for its members. */
export const tripChatRoutes =
  (service: TripChatService): FastifyPluginAsyncZod =>
  async (app) => {
    privateAnswers(app);

    app.get(
      '/core/trips/:id/chat',
      signedInRoute(app, tag, {
        summary: "A page of the trip's chat, oldest to newest within the page",
        description:
          'Every member reads, viewers included (canWrite is false for them); anyone else, and someone who left or was removed, gets 404 Trip not found. Cursors as GET /users/messages/{chatId}. Reading marks the chat read up to the newest message returned.',
        params: tripChatParamsSchema,
        querystring: messagesQuerySchema,
        response: { 200: tripChatResponseSchema, ...errorResponses(400, 401, 404) },
      }),
      async (request) => service.page(currentUser(request).id, request.params.id, request.query),
    );

    app.post(
      '/core/trips/:id/chat/messages',
      signedInRoute(app, tag, {
        summary: "Write in the trip's chat",
        description: `The text is trimmed and must have 1 to ${MESSAGE_MAX} characters. Every member but a viewer writes (viewer: 403); anyone else gets 404 Trip not found. Every member receives the message over the WebSocket /users/ws.`,
        params: tripChatParamsSchema,
        body: chatMessageBodySchema,
        response: { 201: messageSchema, ...errorResponses(400, 401, 403, 404) },
      }),
      async (request, reply) =>
        reply
          .status(201)
          .send(await service.send(currentUser(request).id, request.params.id, request.body.text)),
    );
  };
