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
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../../platform/auth-guard.ts';
import { errorResponses, privateAnswers, signedInRoute } from '../../../platform/route-options.ts';
import type { ChatsService } from './chats.service.ts';

const tag = 'messages';

/** SPEC §7 "messages": direct chats between crew members (MSG-01..06, MSG-14). */
export const chatsRoutes =
  (service: ChatsService): FastifyPluginAsyncZod =>
  async (app) => {
    privateAnswers(app);

    app.post(
      '/users/messages/direct/:userId',
      signedInRoute(app, tag, {
        summary: 'Send a direct message to someone in your crew',
        description: `The text is trimmed and must have 1 to ${MESSAGE_MAX} characters. Someone outside your crew answers 403, yourself 400, an unknown user 404. The chat of the pair is created with the first message. Both participants receive the message over the WebSocket /users/ws.`,
        params: directMessageParamsSchema,
        body: directMessageBodySchema,
        response: { 201: messageSchema, ...errorResponses(400, 401, 403, 404) },
      }),
      async (request, reply) =>
        reply
          .status(201)
          .send(await service.sendDirect(currentUser(request).id, request.params.userId, request.body.text)),
    );

    app.get(
      '/users/chats',
      signedInRoute(app, tag, {
        summary: "The caller's chats, most recent first, with unread counts",
        response: { 200: chatsResponseSchema, ...errorResponses(401) },
      }),
      async (request) => service.list(currentUser(request).id),
    );

    app.get(
      '/users/messages/:chatId',
      signedInRoute(app, tag, {
        summary: 'A page of messages of a chat, oldest to newest within the page',
        description:
          'Without a cursor: the newest page. before=<seq>: the page just older (nextCursor is the value to pass next; null when there is nothing older). after=<seq>: the messages newer than seq, to catch up after a reconnect (repeat with the last seq while a full page comes back). Reading marks the chat read up to the newest message returned. Only the two participants may read a chat; anyone else gets 404.',
        params: chatParamsSchema,
        querystring: messagesQuerySchema,
        response: { 200: messagesResponseSchema, ...errorResponses(400, 401, 404) },
      }),
      async (request) => service.messages(currentUser(request).id, request.params.chatId, request.query),
    );
  };
