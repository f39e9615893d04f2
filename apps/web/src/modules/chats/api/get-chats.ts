import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Chat, chatsResponseSchema } from '@tripcrew/contracts/chats';
import { apiGet } from '../../../lib/api-client.ts';
import { chatKeys, CHATS_PATH } from './chat-keys.ts';

export type { Chat };

/** GET /users/chats: most recent first, with unread counts. */
export function getChats(signal?: AbortSignal): Promise<Chat[]> {
  return apiGet(CHATS_PATH, chatsResponseSchema, { signal });
}

export const chatsQueryOptions = () =>
  queryOptions({ queryKey: chatKeys.list(), queryFn: ({ signal }) => getChats(signal), staleTime: 30_000 });

export function useChats(enabled = true) {
  return useQuery({ ...chatsQueryOptions(), enabled });
}
