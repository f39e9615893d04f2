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
import { tableRoutes } from '../../../platform/route-table.ts';
import type { ChatsService } from './chats.service.ts';

/** SPEC §7 "messages": direct chats between crew members (MSG-01..06, MSG-14). */
export const chatsRoutes = (service: ChatsService) =>
  tableRoutes('signedIn', { tag: 'messages', private: true }, (route) => {
    route.post('/users/messages/direct/:userId', {
      summary: 'Send a direct message to someone in your crew',
      description: `The text is trimmed and must have 1 to ${MESSAGE_MAX} characters. Someone outside your crew answers 403, yourself 400, an unknown user 404. The chat of the pair is created with the first message. Both participants receive the message over the WebSocket /users/ws.`,
      params: directMessageParamsSchema,
      body: directMessageBodySchema,
      answer: messageSchema,
      status: 201,
      errors: [400, 401, 403, 404],
      run: ({ userId, params, body }) => service.sendDirect(userId, params.userId, body.text),
    });

    route.get('/users/chats', {
      summary: "The caller's chats, most recent first, with unread counts",
      answer: chatsResponseSchema,
      errors: [401],
      run: ({ userId }) => service.list(userId),
    });

    route.get('/users/messages/:chatId', {
      summary: 'A page of messages of a chat, oldest to newest within the page',
      description:
        'Without a cursor: the newest page. before=<seq>: the page just older (nextCursor is the value to pass next; null when there is nothing older). after=<seq>: the messages newer than seq, to catch up after a reconnect (repeat with the last seq while a full page comes back). Reading marks the chat read up to the newest message returned. Only the two participants may read a chat; anyone else gets 404.',
      params: chatParamsSchema,
      querystring: messagesQuerySchema,
      answer: messagesResponseSchema,
      errors: [400, 401, 404],
      run: ({ userId, params, query }) => service.messages(userId, params.chatId, query),
    });
  });
