import { Trans, useLingui } from '@lingui/react/macro';
import { toast } from 'react-toastify';
import { QueryError } from '../../../components/ui/query-error.tsx';
import {
  type NotificationSettingsPatch,
  useNotificationSettings,
  useUpdateNotificationSettings,
} from '../api/notification-settings.ts';

interface SwitchRowProps {
  label: string;
  hint: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

function SwitchRow({ label, hint, checked, onChange }: SwitchRowProps) {
  return (
    <label className="flex cursor-pointer items-start justify-between gap-4 py-3">
      <span className="flex flex-col">
        <span className="font-medium">{label}</span>
        <span className="text-sm text-slate-600 dark:text-slate-300">{hint}</span>
      </span>
      <input
        type="checkbox"
        role="switch"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="mt-1 size-5 shrink-0 accent-brand-700"
      />
    </label>
  );
}

/** The profile's notification switches: per topic, in the app and by email. */
export function NotificationSettingsPanel() {
  const { t } = useLingui();
  const settings = useNotificationSettings();
  const update = useUpdateNotificationSettings();
  const change = (patch: NotificationSettingsPatch) =>
    update.mutate(patch, {
      onError: (error) =>
        toast.error(error instanceof Error ? error.message : t`Your settings could not be saved.`, {
          toastId: 'notification-settings',
        }),
    });

  return (
    <section
      id="notifications"
      aria-labelledby="notification-settings"
      className="flex flex-col gap-1 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-700"
    >
      <h2 id="notification-settings" className="text-lg font-semibold">
        <Trans>Notifications</Trans>
      </h2>
      {settings.isPending && (
        <p role="status">
          <Trans>Loading your settings…</Trans>
        </p>
      )}
      {settings.isError && (
        <QueryError query={settings} variant="plain" message={t`Your settings could not be loaded.`} />
      )}
      {settings.data && (
        <div className="divide-y divide-slate-200 dark:divide-slate-700">
          <SwitchRow
            label={t`Trips in the app`}
            hint={t`Added to a trip, new dates, a trip deleted.`}
            checked={settings.data.trips.inApp}
            onChange={(inApp) => change({ trips: { inApp } })}
          />
          <SwitchRow
            label={t`Trips by email`}
            hint={t`An email when someone adds you to a trip.`}
            checked={settings.data.trips.email}
            onChange={(email) => change({ trips: { email } })}
          />
          <SwitchRow
            label={t`Crew in the app`}
            hint={t`Crew requests and their answers.`}
            checked={settings.data.crew.inApp}
            onChange={(inApp) => change({ crew: { inApp } })}
          />
          <SwitchRow
            label={t`Unread messages by email`}
            hint={t`A short digest when messages wait for you. Messages always show in the app.`}
            checked={settings.data.messages.email}
            onChange={(email) => change({ messages: { email } })}
          />
        </div>
      )}
    </section>
  );
}
