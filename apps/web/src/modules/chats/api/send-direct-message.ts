import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiWrite } from '../../../lib/api-write.ts';
import { type Message, messageSchema } from '@tripcrew/contracts/chats';

import { chatKeys, directMessagePath } from './chat-keys.ts';
import { appendCachedMessages } from './get-messages.ts';

/** POST /users/messages/direct/{userId} {text} → the new message (201). */
export async function sendDirectMessage(userId: string, text: string): Promise<Message> {
  const data = await apiWrite<unknown>('POST', directMessagePath(userId), { text });
  const parsed = messageSchema.safeParse(data);
  if (!parsed.success) throw new Error('Unexpected message data');
  return parsed.data;
}

/** Sends a direct message; the sent message joins its cached conversation and the chat list refreshes. */
export function useSendDirectMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, text }: { userId: string; text: string }) => sendDirectMessage(userId, text),
    onSuccess: (message) => {
      appendCachedMessages(queryClient, message.chatId, [message]);
      void queryClient.invalidateQueries({ queryKey: chatKeys.list() });
    },
  });
}
