import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import type { Chat } from '@tripcrew/contracts/chats';
import clsx from 'clsx';
import { MessageCircle } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { isApiError, isNetworkError, NETWORK_ERROR_MESSAGE } from '../../../lib/api-client.ts';
import { chatKeys } from '../api/chat-keys.ts';
import { useChats } from '../api/get-chats.ts';
import { useSendDirectMessage } from '../api/send-direct-message.ts';
import { useSendTripMessage } from '../api/chat-for-trip.ts';
import { ChatList } from './chat-list.tsx';
import { Conversation } from './conversation.tsx';
import { MessageComposer } from './message-composer.tsx';
import { ReadOnlyChatHint } from './read-only-chat-hint.tsx';
import { i18n } from '../../../lib/i18n/i18n.ts';
import { ChatLoadState } from './chat-load-state.tsx';

export const SEND_FAILED_TEXT = msg`The message could not be sent.`;

export function sendErrorText(error: unknown): string {
  if (isNetworkError(error)) return i18n._(NETWORK_ERROR_MESSAGE);
  return isApiError(error) && error.status > 0 && error.status < 500
    ? error.message
    : i18n._(SEND_FAILED_TEXT);
}

/** Opening a chat reads it: its unread badge goes at once (the server counts it read too). */
function clearUnread(queryClient: QueryClient, chatId: string): void {
  queryClient.setQueryData<Chat[]>(chatKeys.list(), (chats) =>
    chats?.map((chat) => (chat._id === chatId && chat.unread > 0 ? { ...chat, unread: 0 } : chat)),
  );
}

interface MessagesTabProps {
  currentUserId: string;
  /** Deep link: the chat to open (?chat=<chatId>). */
  initialChatId?: string | null;
  /** Deep link: open the chat with this person (?user=<userId>). */
  initialUserId?: string | null;
  /** Told whenever the open chat changes (e.g. to keep the URL in step). */
  onSelectedChange?: (chatId: string | null) => void;
  /** Chat-style keys in the composer: Enter sends, Shift+Enter makes a new line (/messages). */
  enterSends?: boolean;
}

/**
 * The own profile's messages tab (MSG-07): chat list on the left, the conversation on the right
 * with emoji picker, text area and send button. On small screens list and conversation are stacked:
 * the conversation replaces the list and a back button returns to it.
 */
export function MessagesTab({
  currentUserId,
  initialChatId,
  initialUserId,
  onSelectedChange,
  enterSends = false,
}: MessagesTabProps) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const chats = useChats();
  const send = useSendDirectMessage();
  const sendTrip = useSendTripMessage();
  const [picked, setPicked] = useState<string | null>(initialChatId ?? null);
  const [deepUser, setDeepUser] = useState<string | null>(initialUserId ?? null);

  const list = chats.data ?? [];
  const fromUser = deepUser ? list.find((chat) => chat.user?._id === deepUser) : undefined;
  const selectedId = picked ?? fromUser?._id ?? null;
  const selected = list.find((chat) => chat._id === selectedId) ?? null;
  // Opened for a person with no chat yet (a friend's 'Message' button): the first message starts it.
  const newChatWith = !selected && deepUser && !fromUser ? deepUser : null;

  const select = (chat: Chat | null) => {
    setPicked(chat?._id ?? null);
    setDeepUser(null);
    if (chat) clearUnread(queryClient, chat._id);
    onSelectedChange?.(chat?._id ?? null);
  };

  const onSend = async (text: string) => {
    const userId = selected?.user?._id ?? newChatWith;
    const tripId = selected?.trip?._id ?? null;
    if (!userId && !tripId) throw new Error('No chat selected');
    try {
      if (tripId) await sendTrip.mutateAsync({ tripId, text });
      else if (userId) await send.mutateAsync({ userId, text });
    } catch (error) {
      toast.error(sendErrorText(error), { toastId: 'message-send-error' });
      throw error;
    }
  };

  if (chats.isPending || chats.isError) {
    return (
      <ChatLoadState
        query={chats}
        loading={<Trans>Loading your chats…</Trans>}
        failed={t`We could not load your chats.`}
      />
    );
  }

  return (
    <div
      data-testid="messages-tab"
      className="grid gap-4 rounded-3xl bg-white p-3 ring-1 ring-slate-200 sm:p-4 md:grid-cols-[17rem_minmax(0,1fr)] dark:bg-slate-900 dark:ring-slate-800"
    >
      <section
        aria-label={t`Chat list`}
        className={clsx(
          'min-w-0 md:border-r md:border-slate-100 md:pr-3 dark:md:border-slate-800',
          (selected || newChatWith) && 'max-md:hidden',
        )}
      >
        {list.length === 0 ? (
          <p className="px-2 py-6 text-center text-sm text-slate-500 dark:text-slate-400">
            <Trans>No chats yet. Write to someone from your crew to start one.</Trans>
          </p>
        ) : (
          <ChatList chats={list} selectedId={selectedId} currentUserId={currentUserId} onSelect={select} />
        )}
      </section>
      <section
        aria-label={t`Conversation`}
        className={clsx('flex min-w-0 flex-col gap-3', !selected && !newChatWith && 'max-md:hidden')}
      >
        {selected ? (
          <Conversation
            key={selected._id}
            chat={selected}
            currentUserId={currentUserId}
            onBack={() => select(null)}
          />
        ) : (
          <div className="flex h-[min(28rem,55dvh)] flex-col items-center justify-center gap-2 text-center text-slate-500 dark:text-slate-400">
            <MessageCircle aria-hidden="true" className="size-8" />
            <p className="text-sm">
              {newChatWith
                ? t`No messages yet. Write the first one below.`
                : t`Select a chat to read and write messages.`}
            </p>
          </div>
        )}
        {selected?.canWrite === false ? (
          <ReadOnlyChatHint deleted={selected.user?.deleted === true} />
        ) : (
          <MessageComposer
            onSend={onSend}
            enterSends={enterSends}
            enabled={selected !== null || newChatWith !== null}
          />
        )}
      </section>
    </div>
  );
}
