import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { ChatEvent, Message } from '@tripcrew/contracts/chats';
import { bookingKindIcon } from '../../../components/ui/booking-kind-icons.ts';
import { formatTime } from '../../../lib/format/times.ts';
import { i18n, type MessageDescriptor } from '../../../lib/i18n/i18n.ts';

/** A booking of a kind in a sentence: "a train booking", "a stay". */
const KIND_PHRASES: Record<string, MessageDescriptor> = {
  flight: msg`a flight`,
  train: msg`a train booking`,
  bus: msg`a bus booking`,
  ferry: msg`a ferry booking`,
  'car-rental': msg`a car rental`,
  lodging: msg`a stay`,
  restaurant: msg`a table`,
  event: msg`tickets`,
  tour: msg`a tour`,
  other: msg`a booking`,
};

/** "Ben Stone added a train booking", "You removed a stay": what happened, in the reader's words. */
export function chatEventSentence(event: ChatEvent, who: { name: string } | 'you'): string {
  const what = i18n._(KIND_PHRASES[event.kind] ?? msg`a booking`);
  if (who === 'you') {
    if (event.action === 'added') return i18n._(msg`You added ${what}`);
    if (event.action === 'changed') return i18n._(msg`You changed the times of ${what}`);
    return i18n._(msg`You removed ${what}`);
  }
  const { name } = who;
  if (event.action === 'added') return i18n._(msg`${name} added ${what}`);
  if (event.action === 'changed') return i18n._(msg`${name} changed the times of ${what}`);
  return i18n._(msg`${name} removed ${what}`);
}

interface ChatEventLineProps {
  message: Message & { event: ChatEvent };
  /** The reader: their own event reads "You added…". */
  own: boolean;
}

/**
 * A line the app wrote into a trip chat (a booking added, moved or removed): small, centred, with
 * the booking kind's icon, e.g. "Ben Stone added a train booking · Train Lisbon → Porto".
 */
export function ChatEventLine({ message, own }: ChatEventLineProps) {
  const { t } = useLingui();
  const { event } = message;
  const Icon = bookingKindIcon(event.kind);
  const sentence = chatEventSentence(event, own ? 'you' : { name: message.senderName ?? t`Someone` });
  const title = event.title.trim();
  return (
    <div data-testid="chat-event" data-action={event.action} className="flex justify-center px-4 py-0.5">
      <p className="inline-flex max-w-[90%] items-center gap-1.5 rounded-2xl bg-slate-50 px-3 py-1 text-xs text-slate-600 ring-1 ring-slate-200 dark:bg-slate-800/60 dark:text-slate-300 dark:ring-slate-700">
        <Icon aria-hidden="true" className="size-3.5 shrink-0" />
        <span className="min-w-0 break-words">
          {sentence}
          {title && (
            <>
              <span aria-hidden="true"> · </span>
              <span className="sr-only">: </span>
              <span className="font-medium text-slate-800 dark:text-slate-100">{title}</span>
            </>
          )}
        </span>
        <time
          dateTime={message.createdAt}
          className="shrink-0 text-[10px] text-slate-600 dark:text-slate-300"
        >
          {formatTime(message.createdAt)}
        </time>
      </p>
    </div>
  );
}
