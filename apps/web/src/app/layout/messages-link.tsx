import { Trans } from '@lingui/react/macro';
import clsx from 'clsx';
import { MessageCircle } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { NavLink } from 'react-router';

/**
 * The unread count loads in its own chunk after the first render (issue 21): the header, part of
 * the first download, carries only this link.
 */
const UnreadBadge = lazy(() =>
  import('./messages-unread-badge.tsx').then((module) => ({ default: module.MessagesUnreadBadge })),
);

/** The lazily loaded unread badge, or nothing while it loads. */
export function LazyUnreadBadge({ variant }: { variant: 'dot' | 'pill' }) {
  return (
    <Suspense fallback={null}>
      <UnreadBadge variant={variant} />
    </Suspense>
  );
}

/** The header's Messages entry (signed-in users): an icon link to /messages with the unread count. */
export function MessagesLink() {
  return (
    <NavLink
      to="/messages"
      data-testid="messages-link"
      className={({ isActive }) =>
        clsx(
          'relative grid size-10 place-items-center rounded-full transition focus-visible:outline-2 focus-visible:outline-brand-600',
          isActive
            ? 'bg-brand-50 text-brand-800 dark:bg-brand-950 dark:text-brand-200'
            : 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800',
        )
      }
    >
      <MessageCircle aria-hidden="true" className="size-5" />
      <span className="sr-only">
        <Trans>Messages</Trans>
      </span>
      <LazyUnreadBadge variant="dot" />
    </NavLink>
  );
}
