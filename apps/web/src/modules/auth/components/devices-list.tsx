import { msg, ph } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { DeviceSession } from '@tripcrew/contracts/auth-devices';
import { LogOut, Monitor, Smartphone, Tablet } from 'lucide-react';
import { useState } from 'react';
import { CancelActions } from '../../../components/ui/cancel-actions.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { QueryError } from '../../../components/ui/query-error.tsx';
import { SettingsSection } from '../../../components/ui/settings-section.tsx';
import { apiConfig } from '../../../lib/api-config.ts';
import { formatDateTime } from '../../../lib/format/times.ts';
import {
  useRevokeOtherSessionsMutation,
  useRevokeSessionMutation,
  useSessions,
} from '../api/auth-devices.ts';
import { apiErrorMessage } from '../api/auth-error-message.ts';

/**
 * "Your devices" on /account (issue 22): every signed-in device with its browser and system, the
 * network it was last used from, when it signed in and was last used; sign out one device, or
 * every other one (after a confirmation). Signing this device out ends the session here like
 * logout does (the app's full session reset).
 */

const KIND_ICONS = { desktop: Monitor, phone: Smartphone, tablet: Tablet } as const;
const KIND_NAMES = { desktop: msg`Computer`, phone: msg`Phone`, tablet: msg`Tablet` } as const;

/** '27 Nov 2026, 08:41': the app's date and time formats. */
function when(value: string): string {
  return formatDateTime(value);
}

interface DeviceRowProps {
  device: DeviceSession;
  busy: boolean;
  onSignOut: (device: DeviceSession) => void;
}

function DeviceRow({ device, busy, onSignOut }: DeviceRowProps) {
  const { t } = useLingui();
  const Icon = KIND_ICONS[device.kind];
  return (
    <li className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-2xl bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300">
          <Icon aria-hidden="true" className="size-5" />
          <span className="sr-only">{t(KIND_NAMES[device.kind])}</span>
        </span>
        <div className="flex min-w-0 flex-col gap-0.5">
          <p className="flex flex-wrap items-center gap-2 font-medium">
            <span className="break-words">{device.label}</span>
            {device.current && (
              <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-800 dark:bg-brand-900/60 dark:text-brand-100">
                <Trans>This device</Trans>
              </span>
            )}
          </p>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            <Trans>
              Signed in {ph({ signedInAt: when(device.signedInAt) })}
              <span className="sr-only">, </span>
              <span aria-hidden="true" className="hidden sm:inline">
                {' · '}
              </span>
              <span className="block sm:inline">Last used {ph({ lastUsedAt: when(device.lastUsedAt) })}</span>
            </Trans>
          </p>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {device.network ? t`Network ${ph({ network: device.network })}` : t`Network unknown`}
          </p>
        </div>
      </div>
      <Button
        variant="secondary"
        size="sm"
        className="self-start sm:self-center"
        disabled={busy}
        onClick={() => onSignOut(device)}
        aria-label={device.current ? t`Sign out this device` : t`Sign out ${ph({ device: device.label })}`}
      >
        <LogOut aria-hidden="true" className="size-4" /> <Trans>Sign out</Trans>
      </Button>
    </li>
  );
}

export function DevicesList() {
  const { t } = useLingui();
  const sessions = useSessions();
  const revoke = useRevokeSessionMutation();
  const revokeOthers = useRevokeOtherSessionsMutation();
  const [confirming, setConfirming] = useState(false);

  const signOut = (device: DeviceSession) => {
    revokeOthers.reset();
    revoke.mutate(device._id, {
      onSuccess: (answer) => {
        if (answer.signedOut) apiConfig().onSessionReset();
      },
    });
  };
  const signOutOthers = () => {
    revoke.reset();
    revokeOthers.mutate(undefined, { onSuccess: () => setConfirming(false) });
  };

  const devices = sessions.data?.sessions ?? [];
  const others = devices.filter((device) => !device.current).length;
  const busy = revoke.isPending || revokeOthers.isPending;
  const failed = revoke.error ?? (confirming ? null : revokeOthers.error);

  return (
    <SettingsSection
      id="devices"
      title={t`Your devices`}
      description={t`Where you are signed in. Sign out any device you do not recognise, then change your password.`}
    >
      {sessions.isPending ? (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
          <Trans>Loading your devices…</Trans>
        </p>
      ) : sessions.isError ? (
        <QueryError query={sessions} variant="plain" message={t`We could not load your devices.`} />
      ) : devices.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          <Trans>No signed-in devices.</Trans>
        </p>
      ) : (
        <>
          <ul aria-label={t`Signed-in devices`} className="divide-y divide-slate-200 dark:divide-slate-700">
            {devices.map((device) => (
              <DeviceRow key={device._id} device={device} busy={busy} onSignOut={signOut} />
            ))}
          </ul>
          {failed && (
            <p
              role="alert"
              className="rounded-2xl bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950/60 dark:text-red-200"
            >
              {apiErrorMessage(failed, t`The device could not be signed out. Please try again.`)}
            </p>
          )}
          {others > 0 && (
            <Button
              variant="secondary"
              size="sm"
              className="self-start"
              disabled={busy}
              onClick={() => {
                revokeOthers.reset();
                setConfirming(true);
              }}
            >
              <LogOut aria-hidden="true" className="size-4" /> <Trans>Sign out all other devices</Trans>
            </Button>
          )}
        </>
      )}
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t`Sign out all other devices?`}
        size="sm"
      >
        <div className="flex flex-col gap-4">
          <p className="text-slate-700 dark:text-slate-200">
            {others === 1 ? t`The other device` : t`The ${others} other devices`}{' '}
            <Trans>will have to sign in again. This device stays signed in.</Trans>
          </p>
          {revokeOthers.error && (
            <p
              role="alert"
              className="rounded-2xl bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950/60 dark:text-red-200"
            >
              {apiErrorMessage(revokeOthers.error, t`The devices could not be signed out. Please try again.`)}
            </p>
          )}
          <CancelActions onCancel={() => setConfirming(false)} cancelVariant="secondary" wrap>
            <Button variant="danger" disabled={revokeOthers.isPending} onClick={signOutOthers}>
              {revokeOthers.isPending ? t`One moment…` : t`Sign out other devices`}
            </Button>
          </CancelActions>
        </div>
      </Dialog>
    </SettingsSection>
  );
}
