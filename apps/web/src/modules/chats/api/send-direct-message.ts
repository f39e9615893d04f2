import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiWrite } from '../../../lib/api-write.ts';
import { type Message, messageSchema } from '@tripcrew/contracts/chats';

import { chatKeys, directMessagePath } from './chat-keys.ts';
import { appendCachedMessages } from './get-messages.ts';

/** POST /users/messages/direct/{userId} {text} → the new message (201). */
export function sendDirectMessage(userId: string, text: string): Promise<Message> {
  return apiWrite('POST', directMessagePath(userId), { text }, messageSchema);
}

/** A mutation that sends a message: the sent message joins its cached conversation and the chat list refreshes. */
export function useSendMessage<Variables>(send: (variables: Variables) => Promise<Message>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (message) => {
      appendCachedMessages(queryClient, message.chatId, [message]);
      void queryClient.invalidateQueries({ queryKey: chatKeys.list() });
    },
  });
}

/** Sends a direct message (useSendMessage). */
export function useSendDirectMessage() {
  return useSendMessage(({ userId, text }: { userId: string; text: string }) =>
    sendDirectMessage(userId, text),
  );
}
