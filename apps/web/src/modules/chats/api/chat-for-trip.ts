import { api } from '../../../lib/api-client.ts';
import { apiWrite } from '../../../lib/api-write.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type Message,
  messageSchema,
  type TripChatPage,
  tripChatResponseSchema,
} from '@tripcrew/contracts/chats';

import { chatKeys, tripChatPath, tripMessagePath } from './chat-keys.ts';
import { appendCachedMessages, type MessagesData } from './get-messages.ts';

/** GET /core/trips/{id}/chat: the trip chat's id, its newest page and whether the caller writes. */
export async function getTripChat(tripId: string, signal?: AbortSignal): Promise<TripChatPage> {
  const data = await api.get<unknown>(tripChatPath(tripId), { signal });
  const parsed = tripChatResponseSchema.safeParse(data);
  if (!parsed.success) throw new Error('Unexpected trip chat data');
  return parsed.data;
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
export async function sendTripMessage(tripId: string, text: string): Promise<Message> {
  const data = await apiWrite<unknown>('POST', tripMessagePath(tripId), { text });
  const parsed = messageSchema.safeParse(data);
  if (!parsed.success) throw new Error('Unexpected message data');
  return parsed.data;
}

/** Writes in a trip chat; the sent message joins its cached conversation and the chat list refreshes. */
export function useSendTripMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tripId, text }: { tripId: string; text: string }) => sendTripMessage(tripId, text),
    onSuccess: (message) => {
      appendCachedMessages(queryClient, message.chatId, [message]);
      void queryClient.invalidateQueries({ queryKey: chatKeys.list() });
    },
  });
}
