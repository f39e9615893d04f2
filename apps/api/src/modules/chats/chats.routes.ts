import {
  chatParamsSchema,
  chatsResponseSchema,
  directMessageBodySchema,
  directMessageParamsSchema,
  MESSAGE_MAX,
  messageSchema,
  messagesQuerySchema,
  messagesResponseSchema,
} from '@tripcrew/contracts/chats';
import { apiErrorSchema } from '@tripcrew/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BEARER, currentUser } from '../../platform/auth-guard.ts';
import type { ChatsService } from './chats.service.ts';

const error = apiErrorSchema;
const tags = ['messages'];

/** SPEC §7 "messages": direct chats between crew members (MSG-01..06, MSG-14). */
export const chatsRoutes =
  (service: ChatsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
    });

    app.post(
      '/users/messages/direct/:userId',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          summary: 'Send a direct message to someone in your crew',
          description: `The text is trimmed and must have 1 to ${MESSAGE_MAX} characters. Someone outside your crew answers 403, yourself 400, an unknown user 404. The chat of the pair is created with the first message. Both participants receive the message over the WebSocket /users/ws.`,
          security: BEARER,
          params: directMessageParamsSchema,
          body: directMessageBodySchema,
          response: { 201: messageSchema, 400: error, 401: error, 403: error, 404: error },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await service.sendDirect(currentUser(request).id, request.params.userId, request.body.text)),
    );

    app.get(
      '/users/chats',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          summary: "The caller's chats, most recent first, with unread counts",
          security: BEARER,
          response: { 200: chatsResponseSchema, 401: error },
        },
      },
      async (request) => service.list(currentUser(request).id),
    );

    app.get(
      '/users/messages/:chatId',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          summary: 'A page of messages of a chat, oldest to newest within the page',
          description:
            'Without a cursor: the newest page. before=<seq>: the page just older (nextCursor is the value to pass next; null when there is nothing older). after=<seq>: the messages newer than seq, to catch up after a reconnect (repeat with the last seq while a full page comes back). Reading marks the chat read up to the newest message returned. Only the two participants may read a chat; anyone else gets 404.',
          security: BEARER,
          params: chatParamsSchema,
          querystring: messagesQuerySchema,
          response: { 200: messagesResponseSchema, 400: error, 401: error, 404: error },
        },
      },
      async (request) => service.messages(currentUser(request).id, request.params.chatId, request.query),
    );
  };
