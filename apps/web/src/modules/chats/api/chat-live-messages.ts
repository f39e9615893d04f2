import type { QueryClient } from '@tanstack/react-query';
import type { Message } from '@tripcrew/contracts/chats';
import { chatKeys } from './chat-keys.ts';
import { appendCachedMessages, catchUpMessages, getMessages } from './get-messages.ts';
import { openChat } from './open-chat.ts';

/**
 * A message pushed live (MSG-12): into its cached conversation, and the chat list refreshes. In
 * the conversation on screen it is read at once: asking for it marks it read on the server, so
 * no unread count grows for it.
 */
export function applyLiveMessage(queryClient: QueryClient, message: Message): void {
  appendCachedMessages(queryClient, message.chatId, [message]);
  const refreshList = () => void queryClient.invalidateQueries({ queryKey: chatKeys.list() });
  if (openChat()?.chatId === message.chatId) {
    void getMessages(message.chatId, { after: message.seq - 1, limit: 1 })
      .catch(() => undefined)
      .finally(refreshList);
    return;
  }
  refreshList();
}

/** After a reconnect (MSG-14): refetch the chat list and catch the open conversations up. */
export async function catchUpChats(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: chatKeys.list() }),
    catchUpMessages(queryClient),
  ]);
}
