import type { Chat, Message } from '@tripcrew/contracts/chats';
import clsx from 'clsx';
import { ArrowLeft } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { QueryError } from '../../../components/ui/query-error.tsx';
import { formatTime } from '../../../lib/dates.ts';
import { flattenMessages, useMessages } from '../api/get-messages.ts';
import { chatUserName } from './chat-list.tsx';

/** The app locale's time of day (one format everywhere: lib/dates). */
function messageTime(message: Message): string {
  return formatTime(message.createdAt);
}

interface ConversationProps {
  chat: Chat;
  currentUserId: string;
  /** Mobile: back to the chat list. */
  onBack: () => void;
}

/** One conversation: oldest→newest, own messages on the right, 'load older' and auto-scroll to the newest. */
export function Conversation({ chat, currentUserId, onBack }: ConversationProps) {
  const { data, isPending, isError, refetch, hasNextPage, fetchNextPage, isFetchingNextPage } = useMessages(
    chat._id,
  );
  const messages = flattenMessages(data);
  const logRef = useRef<HTMLDivElement>(null);
  const newestId = messages.at(-1)?._id ?? null;
  const name = chatUserName(chat);
  const heightBeforeOlder = useRef<number | null>(null);

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
      <div className="flex items-center gap-3 border-b border-slate-100 pb-3 dark:border-slate-800">
        <button
          type="button"
          onClick={onBack}
          aria-label="Back to chats"
          className="rounded-full p-2 text-slate-600 transition hover:bg-slate-100 md:hidden dark:text-slate-300 dark:hover:bg-slate-800"
        >
          <ArrowLeft aria-hidden="true" className="size-5" />
        </button>
        <Avatar src={chat.user.image?.thumbnail ?? null} name={name} size="sm" decorative />
        <h3 className="min-w-0 truncate text-base font-semibold">
          <Link
            to={`/profile/${encodeURIComponent(chat.user._id)}`}
            className="underline-offset-4 hover:underline"
          >
            {name}
          </Link>
        </h3>
      </div>
      <div
        ref={logRef}
        role="log"
        aria-label={`Conversation with ${name}`}
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
            {isFetchingNextPage ? 'Loading…' : 'Load older messages'}
          </button>
        )}
        {isPending && (
          <p role="status" className="m-auto text-sm text-slate-500 dark:text-slate-400">
            Loading messages…
          </p>
        )}
        {isError && (
          <QueryError
            query={{ refetch }}
            variant="plain"
            alertOn="message"
            className="m-auto text-sm"
            message="We could not load this conversation."
          />
        )}
        {!isPending && !isError && messages.length === 0 && (
          <p className="m-auto text-sm text-slate-500 dark:text-slate-400">
            No messages yet. Say hello to {chat.user.name}!
          </p>
        )}
        {messages.map((message) => {
          const own = message.senderId === currentUserId;
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
                <p className="break-words whitespace-pre-wrap">{message.text}</p>
                <time
                  dateTime={message.createdAt}
                  className={clsx(
                    'mt-0.5 block text-right text-[10px]',
                    own ? 'text-white' : 'text-slate-600 dark:text-slate-300',
                  )}
                >
                  {own ? <span className="sr-only">You, </span> : null}
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
