import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Chat } from '@tripcrew/contracts/chats';
import clsx from 'clsx';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { i18n } from '../../../lib/i18n/i18n.ts';
import { chatEventSentence } from './chat-event-line.tsx';

/** MSG-09: chat entries animate in one after another; the delay is capped at 0.5 s. */
export const CHAT_ENTRY_STEP_S = 0.06;
export const CHAT_ENTRY_MAX_DELAY_S = 0.5;

export function chatEntryDelay(index: number): number {
  return Math.min(Math.max(index, 0) * CHAT_ENTRY_STEP_S, CHAT_ENTRY_MAX_DELAY_S);
}

/** The name a chat goes by: the other person's, or the trip's for a trip chat. */
export const chatTitle = (chat: Chat): string =>
  chat.trip
    ? chat.trip.name
    : `${chat.user?.name ?? ''} ${chat.user?.lastName ?? ''}`.trim() || i18n._(msg`Someone`);

/** The sender of the last message as the list shows it: 'You: ' for one's own. */
function lastLine(chat: Chat, currentUserId: string): string {
  const last = chat.lastMessage;
  if (!last) return i18n._(msg`No messages yet`);
  const own = last.senderId === currentUserId;
  // A line the app wrote, in the reader's words: "Ben Stone added a train booking".
  if (last.event)
    return chatEventSentence(last.event, own ? 'you' : { name: last.senderName ?? i18n._(msg`Someone`) });
  const text = last.text;
  return own ? i18n._(msg`You: ${text}`) : text;
}

interface ChatListProps {
  chats: readonly Chat[];
  selectedId: string | null;
  currentUserId: string;
  onSelect: (chat: Chat) => void;
}

/** The chat list: avatar, name, last message and unread badge; newest chat first. */
export function ChatList({ chats, selectedId, currentUserId, onSelect }: ChatListProps) {
  const { t } = useLingui();
  return (
    <ul aria-label={t`Chats`} className="flex flex-col gap-1">
      {chats.map((chat, index) => {
        const selected = chat._id === selectedId;
        const name = chatTitle(chat);
        const unread = selected ? 0 : chat.unread;
        return (
          <li
            key={chat._id}
            data-testid="chat-entry"
            className="motion-safe:animate-slide-up"
            style={{ animationDelay: `${chatEntryDelay(index)}s` }}
          >
            <button
              type="button"
              onClick={() => onSelect(chat)}
              aria-current={selected ? 'true' : undefined}
              className={clsx(
                'flex w-full items-center gap-3 rounded-2xl px-3 py-2.5 text-left transition focus-visible:outline-2 focus-visible:outline-brand-600',
                selected
                  ? 'bg-brand-50 ring-1 ring-brand-200 dark:bg-brand-500/10 dark:ring-brand-500/30'
                  : 'hover:bg-slate-100 dark:hover:bg-slate-800/70',
              )}
            >
              <Avatar src={chat.user?.image?.thumbnail ?? null} name={name} size="md" decorative />
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-semibold text-slate-900 dark:text-white">
                  {name}
                  {chat.kind === 'trip' && (
                    <span className="ml-1.5 rounded-full bg-slate-100 px-1.5 py-0.5 text-[10px] font-medium text-slate-600 dark:bg-slate-800 dark:text-slate-300">
                      <Trans>trip</Trans>
                    </span>
                  )}
                </span>
                <span
                  className={clsx(
                    'block truncate text-xs',
                    unread > 0
                      ? 'font-medium text-slate-800 dark:text-slate-100'
                      : 'text-slate-500 dark:text-slate-400',
                  )}
                >
                  {lastLine(chat, currentUserId)}
                </span>
              </span>
              {unread > 0 && (
                <span
                  data-testid="unread-badge"
                  aria-label={t`${unread} unread`}
                  className="grid h-5 min-w-5 place-items-center rounded-full bg-red-500 px-1.5 text-[11px] font-bold text-white"
                >
                  {unread > 99 ? '99+' : unread}
                </span>
              )}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
