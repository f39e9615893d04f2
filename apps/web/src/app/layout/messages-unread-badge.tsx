import { Trans } from '@lingui/react/macro';
import clsx from 'clsx';
import { useChats } from '../../modules/chats/api/get-chats.ts';
import { openChat } from '../../modules/chats/api/open-chat.ts';

/** Unread messages over every chat but the one on screen (its messages are being read). */
export function totalUnread(chats: ReadonlyArray<{ _id: string; unread: number }> | undefined): number {
  const open = openChat()?.chatId;
  return (chats ?? []).reduce((sum, chat) => (chat._id === open ? sum : sum + chat.unread), 0);
}

/** The unread count of the Messages entry: a small count on the icon, or a pill in the mobile menu. */
export function MessagesUnreadBadge({ variant }: { variant: 'dot' | 'pill' }) {
  const chats = useChats();
  const count = totalUnread(chats.data);
  if (count === 0) return null;
  const shown = count > 99 ? '99+' : String(count);
  return (
    <span
      data-testid="messages-unread"
      className={clsx(
        'grid h-5 min-w-5 place-items-center rounded-full bg-red-600 px-1 text-[11px] leading-none font-bold text-white',
        variant === 'dot' ? 'absolute -top-0.5 -right-0.5 ring-2 ring-white dark:ring-slate-950' : 'ml-auto',
      )}
    >
      {shown}
      <span className="sr-only">
        {' '}
        <Trans>unread</Trans>
      </span>
    </span>
  );
}
