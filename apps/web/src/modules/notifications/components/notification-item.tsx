import { Trans } from '@lingui/react/macro';
import type { Notification } from '@tripcrew/contracts/notifications';
import clsx from 'clsx';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { formatRelativeTime } from '../../../lib/format/relative-time.ts';

/** SPEC §9: a notification counts as seen once at least half of it has been visible. */
export const SEEN_VISIBILITY_THRESHOLD = 0.5;

/** Where a notification leads: its trip, else the person it is about. */
export function notificationHref(notification: Notification): string | null {
  if (notification.ref.tripId) return `/trips/${encodeURIComponent(notification.ref.tripId)}`;
  if (notification.ref.userId) return `/profile/${encodeURIComponent(notification.ref.userId)}`;
  return null;
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The one line under the title. The API sends a title, a short summary and a message that says
 * the summary again at more length, so only the message is shown (the summary when there is no
 * message), and nothing that merely repeats the title.
 */
export function notificationDetail({ title, short, message }: Notification): string | null {
  const detail = message.trim() ? message : short.trim() ? short : null;
  if (!detail || same(detail, title)) return null;
  return detail;
}

interface NotificationItemProps {
  notification: Notification;
  /** Called once when an unseen item has been at least half visible. */
  onSeen: (id: string) => void;
  now?: number;
}

export function NotificationItem({ notification, onSeen, now }: NotificationItemProps) {
  const ref = useRef<HTMLLIElement>(null);
  const { _id: id, seen } = notification;
  const onSeenRef = useRef(onSeen);
  useEffect(() => {
    onSeenRef.current = onSeen;
  }, [onSeen]);

  useEffect(() => {
    const element = ref.current;
    if (seen || !element || typeof IntersectionObserver === 'undefined') return;
    let done = false;
    const observer = new IntersectionObserver(
      (entries) => {
        if (done) return;
        const visible = entries.some(
          (entry) => entry.isIntersecting && entry.intersectionRatio >= SEEN_VISIBILITY_THRESHOLD,
        );
        if (!visible) return;
        done = true;
        observer.disconnect();
        onSeenRef.current(id);
      },
      { threshold: SEEN_VISIBILITY_THRESHOLD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [id, seen]);

  const href = notificationHref(notification);
  const detail = notificationDetail(notification);
  const body = (
    <>
      <span className="flex items-start justify-between gap-3">
        <span className="font-semibold text-slate-900 dark:text-white">{notification.title}</span>
        <time
          dateTime={notification.createdAt}
          className="shrink-0 text-xs text-slate-500 dark:text-slate-400"
        >
          {formatRelativeTime(notification.createdAt, now)}
        </time>
      </span>
      {detail && (
        <span className="line-clamp-3 block text-sm text-slate-600 dark:text-slate-300">{detail}</span>
      )}
      {!seen && (
        <span className="sr-only">
          <Trans>(new)</Trans>
        </span>
      )}
    </>
  );
  const itemClass = clsx(
    'relative block w-full px-4 py-3 pl-7 text-left transition',
    seen
      ? 'bg-white hover:bg-slate-50 dark:bg-slate-900 dark:hover:bg-slate-800/70'
      : 'bg-brand-50/70 hover:bg-brand-50 dark:bg-brand-500/10 dark:hover:bg-brand-500/15',
  );

  return (
    <li
      ref={ref}
      data-testid="notification-item"
      data-seen={seen ? 'true' : 'false'}
      className="border-b border-slate-100 last:border-b-0 dark:border-slate-800"
    >
      {href ? (
        <Link
          to={href}
          className={clsx(itemClass, 'focus-visible:outline-2 focus-visible:outline-brand-600')}
        >
          {!seen && <UnseenDot />}
          {body}
        </Link>
      ) : (
        <div className={itemClass}>
          {!seen && <UnseenDot />}
          {body}
        </div>
      )}
    </li>
  );
}

function UnseenDot() {
  return (
    <span
      aria-hidden="true"
      data-testid="unseen-marker"
      className="absolute top-4.5 left-3 size-2 rounded-full bg-brand-600 dark:bg-brand-400"
    />
  );
}
