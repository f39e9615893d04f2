import { ph } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Chat, Message } from '@tripcrew/contracts/chats';
import clsx from 'clsx';
import { ArrowLeft } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { QueryError } from '../../../components/ui/query-error.tsx';
import { formatTime } from '../../../lib/format/times.ts';
import { flattenMessages, useMessages } from '../api/get-messages.ts';
import { setOpenChat } from '../api/open-chat.ts';
import { ChatEventLine } from './chat-event-line.tsx';
import { chatTitle } from './chat-list.tsx';

/** The app locale's time of day (one format everywhere: lib/dates). */
function messageTime(message: Message): string {
  return formatTime(message.createdAt);
}

interface ConversationProps {
  chat: Chat;
  currentUserId: string;
  /** Mobile: back to the chat list. */
  onBack?: () => void;
  /** False on the trip page, which names the trip already. */
  showHeader?: boolean;
}

/** One conversation: oldest→newest, own messages on the right, 'load older' and auto-scroll to the newest. */
export function Conversation({ chat, currentUserId, onBack, showHeader = true }: ConversationProps) {
  const { t } = useLingui();
  const { data, isPending, isError, refetch, hasNextPage, fetchNextPage, isFetchingNextPage } = useMessages(
    chat._id,
  );
  const messages = flattenMessages(data);
  const logRef = useRef<HTMLDivElement>(null);
  const newestId = messages.at(-1)?._id ?? null;
  const name = chatTitle(chat);
  const isTrip = chat.kind === 'trip';
  const heightBeforeOlder = useRef<number | null>(null);

  // While it is on screen, no new-message notification is shown for this conversation.
  const otherId = chat.user?._id ?? null;
  useEffect(() => {
    setOpenChat({ chatId: chat._id, userId: otherId });
    return () => setOpenChat(null);
  }, [chat._id, otherId]);

  // A new newest message (first load, sent, or live): scroll to it.
  useEffect(() => {
    const log = logRef.current;
    if (!log || newestId === null) return;
    log.scrollTop = log.scrollHeight;
  }, [newestId]);

  // Older messages prepended: keep the reader's place.
  const firstId = messages[0]?._id ?? null;
  useLayoutEffect(() => {
    const log = logRef.current;
    if (!log || heightBeforeOlder.current === null) return;
    log.scrollTop += log.scrollHeight - heightBeforeOlder.current;
    heightBeforeOlder.current = null;
  }, [firstId]);

  const loadOlder = () => {
    heightBeforeOlder.current = logRef.current?.scrollHeight ?? null;
    void fetchNextPage();
  };

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      {showHeader && (
        <div className="flex items-center gap-3 border-b border-slate-100 pb-3 dark:border-slate-800">
          {onBack && (
            <button
              type="button"
              onClick={onBack}
              aria-label={t`Back to chats`}
              className="rounded-full p-2 text-slate-600 transition hover:bg-slate-100 md:hidden dark:text-slate-300 dark:hover:bg-slate-800"
            >
              <ArrowLeft aria-hidden="true" className="size-5" />
            </button>
          )}
          <Avatar src={chat.user?.image?.thumbnail ?? null} name={name} size="sm" decorative />
          <h3 className="min-w-0 truncate text-base font-semibold">
            {chat.user?.deleted ? (
              name
            ) : (
              <Link
                to={
                  chat.trip
                    ? `/trips/${encodeURIComponent(chat.trip._id)}`
                    : `/profile/${encodeURIComponent(chat.user?._id ?? '')}`
                }
                className="underline-offset-4 hover:underline"
              >
                {name}
              </Link>
            )}
          </h3>
          {isTrip && (
            <span className="text-xs text-slate-500 dark:text-slate-400">
              <Trans>Trip chat</Trans>
            </span>
          )}
        </div>
      )}
      <div
        ref={logRef}
        role="log"
        aria-label={isTrip ? t`Chat of ${name}` : t`Conversation with ${name}`}
        aria-live="polite"
        className="flex h-[min(28rem,55dvh)] flex-col gap-2 overflow-y-auto py-3 pr-1"
      >
        {hasNextPage && (
          <button
            type="button"
            onClick={loadOlder}
            disabled={isFetchingNextPage}
            className="mx-auto rounded-full px-3 py-1 text-xs font-semibold text-brand-700 ring-1 ring-brand-200 transition hover:bg-brand-50 disabled:opacity-60 dark:text-brand-300 dark:ring-brand-500/30 dark:hover:bg-brand-500/10"
          >
            {isFetchingNextPage ? t`Loading…` : t`Load older messages`}
          </button>
        )}
        {isPending && (
          <p role="status" className="m-auto text-sm text-slate-500 dark:text-slate-400">
            <Trans>Loading messages…</Trans>
          </p>
        )}
        {isError && (
          <QueryError
            query={{ refetch }}
            variant="plain"
            alertOn="message"
            className="m-auto text-sm"
            message={t`We could not load this conversation.`}
          />
        )}
        {!isPending && !isError && messages.length === 0 && (
          <p className="m-auto text-sm text-slate-500 dark:text-slate-400">
            {isTrip
              ? t`No messages yet. Say hello to your crew!`
              : t`No messages yet. Say hello to ${ph({ name: chat.user?.name ?? t`them` })}!`}
          </p>
        )}
        {messages.map((message) => {
          const own = message.senderId === currentUserId;
          if (message.event) {
            return (
              <ChatEventLine key={message._id} message={{ ...message, event: message.event }} own={own} />
            );
          }
          return (
            <div
              key={message._id}
              data-testid="message"
              data-own={own ? 'true' : 'false'}
              className={clsx('flex', own ? 'justify-end' : 'justify-start')}
            >
              <div
                className={clsx(
                  'max-w-[80%] rounded-2xl px-3.5 py-2 text-sm shadow-sm',
                  own
                    ? 'rounded-br-md bg-brand-700 text-white'
                    : 'rounded-bl-md bg-slate-100 text-slate-900 dark:bg-slate-800 dark:text-slate-100',
                )}
              >
                {isTrip && !own && (
                  <p className="mb-0.5 text-xs font-semibold text-brand-700 dark:text-brand-300">
                    {message.senderName ?? t`Someone`}
                  </p>
                )}
                <p className="break-words whitespace-pre-wrap">{message.text}</p>
                <time
                  dateTime={message.createdAt}
                  className={clsx(
                    'mt-0.5 block text-right text-[10px]',
                    own ? 'text-white' : 'text-slate-600 dark:text-slate-300',
                  )}
                >
                  {own ? (
                    <span className="sr-only">
                      <Trans>You,</Trans>{' '}
                    </span>
                  ) : null}
                  {messageTime(message)}
                </time>
              </div>
            </div>
          );
        })}
      </div>
    </div>
  );
}
