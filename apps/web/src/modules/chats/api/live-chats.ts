import type { QueryClient } from '@tanstack/react-query';
import type { Message } from '@tripcrew/contracts/chats';
import { chatKeys } from './chat-keys.ts';
import { appendCachedMessages, catchUpMessages } from './get-messages.ts';

/** A message pushed live (MSG-12): into its cached conversation, and the chat list refreshes. */
export function applyLiveMessage(queryClient: QueryClient, message: Message): void {
  appendCachedMessages(queryClient, message.chatId, [message]);
  void queryClient.invalidateQueries({ queryKey: chatKeys.list() });
}

/** After a reconnect (MSG-14): refetch the chat list and catch the open conversations up. */
export async function catchUpChats(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: chatKeys.list() }),
    catchUpMessages(queryClient),
  ]);
}
