import { msg, ph } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { EXPORT_TTL_HOURS } from '@tripcrew/contracts/account-export';
import { Download, FileArchive, RotateCcw } from 'lucide-react';
import { Button, type ButtonVariant } from '../../../components/ui/button.tsx';
import { QueryError } from '../../../components/ui/query-error.tsx';
import { SettingsSection } from '../../../components/ui/settings-section.tsx';
import { formatFileSize } from '../../../lib/format/file-size.ts';
import { i18n } from '../../../lib/i18n/i18n.ts';
import { formatDateTime } from '../../../lib/format/times.ts';
import {
  isPreparing,
  useDownloadExport,
  useLatestExport,
  useStartExport,
  type AccountExport,
} from '../api/account-data-export.ts';

const when = (iso: string) => formatDateTime(iso);

function sizeOf(bytes: number | null): string {
  if (bytes === null) return '';
  return formatFileSize(bytes);
}

function errorText(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

function Progress({ value }: { value: number }) {
  const { t } = useLingui();
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm font-medium" aria-live="polite">
        <Trans>Preparing your data… {value}%</Trans>
      </p>
      <div
        role="progressbar"
        aria-label={t`Preparing your data`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        className="h-2.5 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
      >
        <div
          className="h-full rounded-full bg-brand-600 transition-[width] duration-500 dark:bg-brand-500"
          style={{ width: `${Math.max(value, 3)}%` }}
        />
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        <Trans>You can leave this page: the archive keeps being prepared.</Trans>
      </p>
    </div>
  );
}

/** What the section says about the latest export when a new one can be asked for. */
function lastExportNote(latest: AccountExport | null): string | null {
  if (!latest) return null;
  if (latest.status === 'downloaded' && latest.downloadedAt) {
    const date = when(latest.downloadedAt);
    return i18n._(msg`Downloaded on ${date}.`);
  }
  if (latest.status === 'expired' && latest.downloadedAt) {
    const date = when(latest.downloadedAt);
    return i18n._(msg`Your last archive was downloaded on ${date} and has expired.`);
  }
  if (latest.status === 'expired') return i18n._(msg`Your last archive expired before it was downloaded.`);
  return null;
}

/**
 * "Your data" on the account page (issue 22): prepare an archive of everything Tripcrew keeps
 * about you, follow its progress, download it as often as needed until it expires (issue 35).
 */
export function DataExportSection() {
  const { t } = useLingui();
  const latest = useLatestExport();
  const start = useStartExport();
  const download = useDownloadExport();
  const current = latest.data ?? null;
  const waitUntil = current?.nextAllowedAt ?? null;

  const prepareButton = (
    label: string,
    icon = <FileArchive aria-hidden="true" className="size-4" />,
    variant: ButtonVariant = 'primary',
  ) => (
    <div className="flex flex-col gap-2">
      <Button
        variant={variant}
        size="sm"
        className="inline-flex items-center gap-2 self-start"
        disabled={start.isPending || waitUntil !== null}
        onClick={() => start.mutate()}
      >
        {icon} {start.isPending ? t`Starting…` : label}
      </Button>
      {waitUntil && (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          <Trans>You can prepare a new archive from {ph({ time: when(waitUntil) })}.</Trans>
        </p>
      )}
    </div>
  );

  return (
    <SettingsSection
      id="data"
      title={t`Your data`}
      description={t`A ZIP of everything Tripcrew keeps about you — profile, crew, trips, messages, wishlists, notifications and devices — as JSON with your photos. You can download it as often as you need for ${EXPORT_TTL_HOURS} hours.`}
    >
      {latest.isPending && (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
          <Trans>Checking your data exports…</Trans>
        </p>
      )}
      {latest.isError && (
        <QueryError query={latest} variant="plain" message={t`Your data exports could not be loaded.`} />
      )}
      {latest.isSuccess && isPreparing(current) && current && <Progress value={current.progress} />}
      {latest.isSuccess && current?.status === 'ready' && current.expiresAt && (
        <div className="flex flex-col gap-3">
          <p className="text-sm">
            <Trans>Your archive is ready</Trans>
            {current.size !== null ? ` (${sizeOf(current.size)})` : ''}
            <Trans>. Download it as often as you need until it expires.</Trans>
          </p>
          {current.downloadedAt && (
            <p className="text-sm text-slate-600 dark:text-slate-300">
              <Trans>Last downloaded on {ph({ time: when(current.downloadedAt) })}.</Trans>
            </p>
          )}
          <Button
            size="sm"
            className="inline-flex items-center gap-2 self-start"
            disabled={download.isPending}
            onClick={() => download.mutate(current.id)}
          >
            <Download aria-hidden="true" className="size-4" />
            {download.isPending
              ? t`Downloading…`
              : t`Download (expires ${ph({ time: when(current.expiresAt) })})`}
          </Button>
          {prepareButton(t`Prepare a new one`, undefined, 'secondary')}
        </div>
      )}
      {latest.isSuccess && current?.status === 'failed' && (
        <div className="flex flex-col gap-2">
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            <Trans>Preparing your data failed. Please try again.</Trans>
          </p>
          {prepareButton(t`Try again`, <RotateCcw aria-hidden="true" className="size-4" />)}
        </div>
      )}
      {latest.isSuccess &&
        (current === null || current.status === 'downloaded' || current.status === 'expired') && (
          <div className="flex flex-col gap-2">
            {lastExportNote(current) && (
              <p className="text-sm text-slate-600 dark:text-slate-300">{lastExportNote(current)}</p>
            )}
            {prepareButton(current ? t`Prepare a new one` : t`Prepare my data`)}
          </div>
        )}
      {start.isError && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {errorText(start.error, t`Your data could not be prepared. Please try again.`)}
        </p>
      )}
      {download.isError && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {errorText(download.error, t`The download failed. Please try again.`)}
        </p>
      )}
    </SettingsSection>
  );
}
