import {
  chatMessageBodySchema,
  MESSAGE_MAX,
  messageSchema,
  messagesQuerySchema,
  tripChatParamsSchema,
  tripChatResponseSchema,
} from '@tripcrew/contracts/chats';
import { tableRoutes } from '../../../platform/route-table.ts';
import type { TripChatService } from './trip-chat.service.ts';

/** Issue 21: the trip chat, one per trip, for its members. */
export const tripChatRoutes = (service: TripChatService) =>
  tableRoutes('signedIn', { tag: 'messages', private: true }, (route) => {
    route.get('/core/trips/:id/chat', {
      summary: "A page of the trip's chat, oldest to newest within the page",
      description:
        'Every member reads, viewers included (canWrite is false for them); anyone else, and someone who left or was removed, gets 404 Trip not found. Cursors as GET /users/messages/{chatId}. Reading marks the chat read up to the newest message returned.',
      params: tripChatParamsSchema,
      querystring: messagesQuerySchema,
      answer: tripChatResponseSchema,
      errors: [400, 401, 404],
      run: ({ userId, params, query }) => service.page(userId, params.id, query),
    });

    route.post('/core/trips/:id/chat/messages', {
      summary: "Write in the trip's chat",
      description: `The text is trimmed and must have 1 to ${MESSAGE_MAX} characters. Every member but a viewer writes (viewer: 403); anyone else gets 404 Trip not found. Every member receives the message over the WebSocket /users/ws.`,
      params: tripChatParamsSchema,
      body: chatMessageBodySchema,
      answer: messageSchema,
      status: 201,
      errors: [400, 401, 403, 404],
      run: ({ userId, params, body }) => service.send(userId, params.id, body.text),
    });
  });
