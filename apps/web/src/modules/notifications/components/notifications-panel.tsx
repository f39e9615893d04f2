import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { BellOff, TriangleAlert } from 'lucide-react';
import { QueryError } from '../../../components/ui/query-error.tsx';
import { usePanelNotifications } from '../api/get-notifications.ts';
import { useMarkNotificationSeen } from '../api/mark-notification-seen.ts';
import { NotificationItem } from './notification-item.tsx';
import { i18n } from '../../../lib/i18n/i18n.ts';

export const NO_NOTIFICATIONS_TEXT = msg`All quiet for now`;
export const NOTIFICATIONS_ERROR_TEXT = msg`We could not load your notifications.`;

/** The bell panel's list (signed-in users): newest first; unseen items become seen when half visible. */
export function NotificationsPanel() {
  const { t } = useLingui();
  const { data, isPending, isError, refetch, isFetching } = usePanelNotifications(true);
  const markSeen = useMarkNotificationSeen();

  if (isPending) {
    return (
      <p role="status" className="px-4 py-8 text-center text-sm text-slate-500 dark:text-slate-400">
        <Trans>Loading notifications…</Trans>
      </p>
    );
  }
  if (isError) {
    return (
      <QueryError
        query={{ refetch, isFetching }}
        variant="plain"
        alertOn="message"
        className="text-sm"
        icon={<TriangleAlert aria-hidden="true" className="size-7 text-amber-500" />}
        message={i18n._(NOTIFICATIONS_ERROR_TEXT)}
      />
    );
  }
  if (data.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 px-6 py-10 text-center">
        <BellOff aria-hidden="true" className="size-8 text-slate-300 dark:text-slate-600" />
        <p className="text-sm font-medium">{i18n._(NO_NOTIFICATIONS_TEXT)}</p>
        <p className="text-xs text-slate-500 dark:text-slate-400">
          <Trans>Trip updates and crew requests will show up here.</Trans>
        </p>
      </div>
    );
  }
  return (
    <ul aria-label={t`Notification list`}>
      {data.map((notification) => (
        <NotificationItem key={notification._id} notification={notification} onSeen={markSeen} />
      ))}
    </ul>
  );
}
