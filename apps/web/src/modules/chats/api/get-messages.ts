import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  useInfiniteQuery,
} from '@tanstack/react-query';
import type { Message, MessagesPage } from '@tripcrew/contracts/chats';
import { api } from '../../../lib/api-client.ts';
import { parseWithLoadedSchema } from '../../../lib/lazy-schema.ts';
import { chatKeys, messagesPath } from './chat-keys.ts';

export type { Message, MessagesPage };
export type MessagesData = InfiniteData<MessagesPage, unknown>;

interface MessagesQuery {
  before?: number;
  after?: number;
  limit?: number;
}

/** GET /users/messages/{chatId}?before&after&limit: a page, oldest→newest, with the older-page cursor. */
export async function getMessages(chatId: string, query: MessagesQuery = {}, signal?: AbortSignal) {
  return parseWithLoadedSchema(
    api.get<unknown>(messagesPath(chatId), { query: { ...query }, signal }),
    import('@tripcrew/contracts/chats').then((module) => module.messagesResponseSchema),
    'Unexpected messages data',
  );
}

/**
 * A conversation as an infinite query: pages[0] is the newest page (live messages are appended
 * to it), further pages are older ones fetched with `before=nextCursor`.
 */
export const messagesQueryOptions = (chatId: string) =>
  infiniteQueryOptions({
    queryKey: chatKeys.messages(chatId),
    queryFn: ({ pageParam, signal }) =>
      getMessages(chatId, pageParam === null ? {} : { before: pageParam }, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (last: MessagesPage) => last.nextCursor ?? undefined,
    staleTime: Infinity, // kept current by the live socket and the catch-up on reconnect
  });

export function useMessages(chatId: string | null) {
  return useInfiniteQuery({ ...messagesQueryOptions(chatId ?? ''), enabled: chatId !== null });
}

/** All messages of the cached pages, oldest→newest. */
export function flattenMessages(data: MessagesData | undefined): Message[] {
  if (!data) return [];
  return [...data.pages].reverse().flatMap((page) => page.data);
}

/** The highest seq held for a chat (the `after` cursor for catching up), or null. */
export function lastSeq(data: MessagesData | undefined): number | null {
  let max: number | null = null;
  for (const page of data?.pages ?? []) {
    for (const message of page.data) if (max === null || message.seq > max) max = message.seq;
  }
  return max;
}

/** Adds messages to the newest page, skipping ones already held (by _id), kept in seq order. */
export function appendMessages(data: MessagesData, messages: readonly Message[]): MessagesData {
  const known = new Set(data.pages.flatMap((page) => page.data.map((message) => message._id)));
  const fresh = messages.filter((message) => !known.has(message._id));
  if (fresh.length === 0) return data;
  const [newest, ...older] = data.pages;
  const base = newest ?? { data: [], nextCursor: null };
  const merged = [...base.data, ...fresh].sort((a, b) => a.seq - b.seq);
  return { ...data, pages: [{ ...base, data: merged }, ...older] };
}

/** Appends messages to a chat's cached conversation; returns false when none is cached. */
export function appendCachedMessages(
  queryClient: QueryClient,
  chatId: string,
  messages: readonly Message[],
): boolean {
  const key = chatKeys.messages(chatId);
  if (!queryClient.getQueryData<MessagesData>(key)) return false;
  queryClient.setQueryData<MessagesData>(key, (data) => (data ? appendMessages(data, messages) : data));
  return true;
}

export const CATCH_UP_LIMIT = 100;
const CATCH_UP_MAX_ROUNDS = 10;

/**
 * After a reconnect (MSG-14): for each open conversation ask for what came after the last held
 * seq (`after=<seq>`) and append it; conversations nobody shows are refetched when next opened.
 */
export async function catchUpMessages(queryClient: QueryClient): Promise<void> {
  const queries = queryClient.getQueryCache().findAll({ queryKey: chatKeys.messagesAll() });
  await Promise.all(
    queries.map(async (query) => {
      const chatId = query.queryKey[2];
      if (typeof chatId !== 'string' || chatId === '') return;
      if (!query.isActive()) {
        void queryClient.invalidateQueries({ queryKey: chatKeys.messages(chatId), exact: true });
        return;
      }
      for (let round = 0; round < CATCH_UP_MAX_ROUNDS; round += 1) {
        const after = lastSeq(queryClient.getQueryData<MessagesData>(chatKeys.messages(chatId)));
        if (after === null) {
          await queryClient.invalidateQueries({ queryKey: chatKeys.messages(chatId), exact: true });
          return;
        }
        let page: MessagesPage;
        try {
          page = await getMessages(chatId, { after, limit: CATCH_UP_LIMIT });
        } catch {
          return;
        }
        appendCachedMessages(queryClient, chatId, page.data);
        if (page.data.length < CATCH_UP_LIMIT) return;
      }
    }),
  );
}
