import { apiGet } from '../../../lib/api-client.ts';
import { apiWrite } from '../../../lib/api-write.ts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type Message,
  messageSchema,
  type TripChatPage,
  tripChatResponseSchema,
} from '@tripcrew/contracts/chats';

import { chatKeys, tripChatPath, tripMessagePath } from './chat-keys.ts';
import { type MessagesData } from './get-messages.ts';
import { useSendMessage } from './send-direct-message.ts';

/** GET /core/trips/{id}/chat: the trip chat's id, its newest page and whether the caller writes. */
export function getTripChat(tripId: string, signal?: AbortSignal): Promise<TripChatPage> {
  return apiGet(tripChatPath(tripId), tripChatResponseSchema, { signal });
}

/**
 * The trip chat of a trip: its first page also fills the conversation's cache (the same infinite
 * query a chat of /messages uses), so live messages and older pages work the same way.
 */
export function useTripChat(tripId: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: chatKeys.trip(tripId),
    queryFn: async ({ signal }) => {
      const page = await getTripChat(tripId, signal);
      const seeded: MessagesData = {
        pages: [{ data: page.data, nextCursor: page.nextCursor }],
        pageParams: [null],
      };
      queryClient.setQueryData(chatKeys.messages(page.chatId), seeded);
      void queryClient.invalidateQueries({ queryKey: chatKeys.list() });
      return { chatId: page.chatId, canWrite: page.canWrite };
    },
    staleTime: 0,
  });
}

/** POST /core/trips/{id}/chat/messages {text} → the new message (201). */
export function sendTripMessage(tripId: string, text: string): Promise<Message> {
  return apiWrite('POST', tripMessagePath(tripId), { text }, messageSchema);
}

/** Writes in a trip chat (useSendMessage). */
export function useSendTripMessage() {
  return useSendMessage(({ tripId, text }: { tripId: string; text: string }) =>
    sendTripMessage(tripId, text),
  );
}
