import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Chat, chatsResponseSchema } from '@tripcrew/contracts/chats';
import { api } from '../../../lib/api-client.ts';
import { chatKeys, CHATS_PATH } from './chat-keys.ts';

export type { Chat };

/** GET /users/chats: most recent first, with unread counts. */
export async function getChats(signal?: AbortSignal): Promise<Chat[]> {
  const data = await api.get<unknown>(CHATS_PATH, { signal });
  const parsed = chatsResponseSchema.safeParse(data);
  if (!parsed.success) throw new Error('Unexpected chats data');
  return parsed.data;
}

export const chatsQueryOptions = () =>
  queryOptions({ queryKey: chatKeys.list(), queryFn: ({ signal }) => getChats(signal), staleTime: 30_000 });

export function useChats(enabled = true) {
  return useQuery({ ...chatsQueryOptions(), enabled });
}
