import { ph, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { CalendarPlus, Copy, Rss } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '../../../../components/ui/button.tsx';
import { formatLongDate } from '../../../../lib/format/date-words.ts';
import { downloadCalendar, useCalendarFeed } from '../../api/trip-calendar.ts';

export function icsFileName(tripName: string): string {
  const slug = tripName
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${slug || 'trip'}.ics`;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : t`Something went wrong.`);

/** A failed create or revoke of the feed is told in one toast. */
const feedErrorToast = {
  onError: (error: unknown) => toast.error(errorText(error), { toastId: 'feed-error' }),
};

/** 'add to calendar' (downloads the .ics) and, for admins, the private calendar feed URL. */
export function CalendarActions({
  tripId,
  tripName,
  isAdmin,
}: {
  tripId: string;
  tripName: string;
  isAdmin: boolean;
}) {
  const [downloading, setDownloading] = useState(false);
  const [feedOpen, setFeedOpen] = useState(false);

  const download = async () => {
    setDownloading(true);
    try {
      await downloadCalendar(tripId, icsFileName(tripName));
    } catch (error) {
      toast.error(errorText(error), { toastId: 'calendar-download-error' });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <div className="flex flex-col items-end gap-2">
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={() => void download()} disabled={downloading}>
          <CalendarPlus aria-hidden="true" className="size-4 text-brand-600" />
          {downloading ? t`Preparing…` : t`add to calendar`}
        </Button>
        {isAdmin && (
          <Button
            variant="outline"
            size="sm"
            aria-expanded={feedOpen}
            onClick={() => setFeedOpen((value) => !value)}
          >
            <Rss aria-hidden="true" className="size-4 text-brand-600" /> <Trans>calendar feed</Trans>
          </Button>
        )}
      </div>
      {isAdmin && feedOpen && <CalendarFeedPanel tripId={tripId} />}
    </div>
  );
}

function CalendarFeedPanel({ tripId }: { tripId: string }) {
  const { query, create, revoke } = useCalendarFeed(tripId, true);
  const url = query.data?.url ?? null;
  const active = query.data?.active ?? false;
  const absolute = url ? new URL(url, window.location.origin).href : null;

  const copy = async () => {
    if (!absolute) return;
    try {
      await navigator.clipboard.writeText(absolute);
      toast.success(t`Feed URL copied`, { toastId: 'feed-copied' });
    } catch {
      toast.error(t`Could not copy the URL`, { toastId: 'feed-copied' });
    }
  };

  return (
    <section
      aria-label={t`private calendar feed`}
      className="flex w-full max-w-md flex-col gap-2 rounded-2xl bg-white p-4 text-sm shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-700"
    >
      <p className="text-slate-600 dark:text-slate-300">
        <Trans>
          A private address your calendar app can subscribe to. Anyone with it can read the plan: revoke it to
          stop it working.
        </Trans>
      </p>
      {query.isPending && (
        <p role="status">
          <Trans>Loading…</Trans>
        </p>
      )}
      {query.isError && (
        <p role="alert">
          <Trans>The feed could not be loaded.</Trans>
        </p>
      )}
      {query.isSuccess && absolute && (
        <label className="flex flex-col gap-1 font-medium">
          <Trans>Feed URL</Trans>
          <input
            readOnly
            value={absolute}
            onFocus={(event) => event.currentTarget.select()}
            className="rounded-lg border border-slate-200 px-2 py-1 font-mono text-xs dark:border-slate-700 dark:bg-slate-950"
          />
          <span className="text-xs font-normal text-slate-600 dark:text-slate-300">
            <Trans>Copy it now: for your safety it is shown only this once.</Trans>
          </span>
        </label>
      )}
      {query.isSuccess && active && !absolute && (
        <p>
          {query.data?.createdAt
            ? t`A feed is active since ${ph({ since: formatLongDate(query.data.createdAt) })}. Its address was shown when it was made; a new address replaces it.`
            : t`A feed is active. Its address was shown when it was made; a new address replaces it.`}
        </p>
      )}
      {query.isSuccess && (
        <div className="flex justify-end gap-2">
          {absolute && (
            <Button variant="ghost" size="sm" onClick={() => void copy()}>
              <Copy aria-hidden="true" className="size-4" /> <Trans>Copy</Trans>
            </Button>
          )}
          {active && (
            <Button
              variant="danger"
              size="sm"
              disabled={revoke.isPending}
              onClick={() => revoke.mutate(undefined, feedErrorToast)}
            >
              <Trans>Revoke</Trans>
            </Button>
          )}
          {!absolute && (
            <Button
              disabled={create.isPending}
              onClick={() => create.mutate(undefined, feedErrorToast)}
              size="sm"
            >
              {active ? t`New feed URL` : t`Create feed URL`}
            </Button>
          )}
        </div>
      )}
    </section>
  );
}
