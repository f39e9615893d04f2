import { Trans } from '@lingui/react/macro';
import { useChats } from '../api/get-chats.ts';
import { openChat } from '../api/open-chat.ts';

/** Unread messages of a trip's chat, unless it is the conversation on screen (being read). */
export function tripChatUnread(
  chats:
    ReadonlyArray<{ _id: string; kind: string; trip: { _id: string } | null; unread: number }> | undefined,
  tripId: string,
): number {
  const chat = chats?.find((item) => item.kind === 'trip' && item.trip?._id === tripId);
  if (!chat || chat._id === openChat()?.chatId) return 0;
  return chat.unread;
}

/**
 * The count on the trip page's chat tab: the same numbers as the header's Messages count (one
 * cached chat list, kept live), for this trip's chat alone.
 */
export function TripChatUnreadBadge({ tripId }: { tripId: string }) {
  const chats = useChats();
  const count = tripChatUnread(chats.data, tripId);
  if (count === 0) return null;
  return (
    <span
      data-testid="trip-chat-unread"
      className="ml-1.5 inline-grid h-5 min-w-5 place-items-center rounded-full bg-red-600 px-1 align-middle text-[11px] leading-none font-bold text-white"
    >
      {count > 99 ? '99+' : String(count)}
      <span className="sr-only">
        {' '}
        <Trans>unread</Trans>
      </span>
    </span>
  );
}
