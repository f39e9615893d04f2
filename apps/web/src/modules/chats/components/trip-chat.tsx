import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Chat } from '@tripcrew/contracts/chats';
import { toast } from 'react-toastify';
import { NotKeptOffline } from '../../../components/ui/not-kept-offline.tsx';
import { useOnline } from '../../../lib/browser-online.ts';
import { useSendTripMessage, useTripChat } from '../api/chat-for-trip.ts';
import { Conversation } from './conversation.tsx';
import { MessageComposer } from './message-composer.tsx';
import { ReadOnlyChatHint } from './read-only-chat-hint.tsx';
import { sendErrorText } from './messages-tab.tsx';
import { i18n } from '../../../lib/i18n/i18n.ts';
import { ChatLoadState } from './chat-load-state.tsx';

export const OFFLINE_HINT = msg`You are offline. Messages can be sent once you are back online.`;

interface TripChatProps {
  tripId: string;
  canWrite: boolean;
  /** Who is reading: their own messages sit on the right. */
  currentUserId: string;
}

/** The conversation of a trip's members, on the trip page (issue 21). */
export function TripChat({ tripId, canWrite, currentUserId }: TripChatProps) {
  const { t } = useLingui();
  const chat = useTripChat(tripId);
  const send = useSendTripMessage();
  const online = useOnline();

  if (chat.isPending && !online) return <NotKeptOffline className="my-6" />;
  if (chat.isPending || chat.isError) {
    return (
      <ChatLoadState
        query={chat}
        loading={<Trans>Loading the chat…</Trans>}
        failed={t`We could not load the trip chat.`}
      />
    );
  }

  const writable = canWrite && chat.data.canWrite;
  const asChat: Chat = {
    _id: chat.data.chatId,
    kind: 'trip',
    user: null,
    trip: { _id: tripId, name: t`Trip chat` },
    lastMessage: null,
    unread: 0,
    canWrite: writable,
  };

  const onSend = async (text: string) => {
    try {
      await send.mutateAsync({ tripId, text });
    } catch (error) {
      toast.error(sendErrorText(error), { toastId: 'trip-message-send-error' });
      throw error;
    }
  };

  return (
    <section
      aria-label={t`Trip chat`}
      data-testid="trip-chat"
      className="flex flex-col gap-3 rounded-3xl bg-white p-3 ring-1 ring-slate-200 sm:p-4 dark:bg-slate-900 dark:ring-slate-800"
    >
      <Conversation chat={asChat} currentUserId={currentUserId} showHeader={false} />
      {writable ? (
        <MessageComposer
          onSend={onSend}
          enterSends
          enabled={online}
          disabledHint={i18n._(OFFLINE_HINT)}
          placeholder={t`Write to your crew…`}
        />
      ) : (
        <ReadOnlyChatHint />
      )}
    </section>
  );
}
