import { CalendarPlus, Copy, Rss } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { downloadCalendar, useCalendarFeed } from '../../api/calendar.ts';

export function icsFileName(tripName: string): string {
  const slug = tripName
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${slug || 'trip'}.ics`;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : 'Something went wrong.');

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
        <button
          type="button"
          onClick={() => void download()}
          disabled={downloading}
          className="flex items-center gap-2 rounded-full border border-slate-200 bg-white px-4 py-2 text-sm font-semibold shadow-sm transition hover:border-brand-400 disabled:opacity-60 dark:border-slate-700 dark:bg-slate-900"
        >
          <CalendarPlus aria-hidden="true" className="size-4 text-brand-600" />
          {downloading ? 'Preparing…' : 'add to calendar'}
        </button>
        {isAdmin && (
          <button
            type="button"
            aria-expanded={feedOpen}
            onClick={() => setFeedOpen((value) => !value)}
            className="flex items-center gap-2 rounded-full border border-slate-200 bg-white px-4 py-2 text-sm font-semibold shadow-sm transition hover:border-brand-400 dark:border-slate-700 dark:bg-slate-900"
          >
            <Rss aria-hidden="true" className="size-4 text-brand-600" /> calendar feed
          </button>
        )}
      </div>
      {isAdmin && feedOpen && <CalendarFeedPanel tripId={tripId} />}
    </div>
  );
}

function CalendarFeedPanel({ tripId }: { tripId: string }) {
  const { query, create, revoke } = useCalendarFeed(tripId, true);
  const url = query.data ?? null;
  const absolute = url ? new URL(url, window.location.origin).href : null;

  const copy = async () => {
    if (!absolute) return;
    try {
      await navigator.clipboard.writeText(absolute);
      toast.success('Feed URL copied', { toastId: 'feed-copied' });
    } catch {
      toast.error('Could not copy the URL', { toastId: 'feed-copied' });
    }
  };

  return (
    <section
      aria-label="private calendar feed"
      className="flex w-full max-w-md flex-col gap-2 rounded-2xl bg-white p-4 text-sm shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-700"
    >
      <p className="text-slate-600 dark:text-slate-300">
        A private address your calendar app can subscribe to. Anyone with it can read the plan: revoke it to
        stop it working.
      </p>
      {query.isPending && <p role="status">Loading…</p>}
      {query.isError && <p role="alert">The feed could not be loaded.</p>}
      {query.isSuccess && absolute && (
        <>
          <label className="flex flex-col gap-1 font-medium">
            Feed URL
            <input
              readOnly
              value={absolute}
              onFocus={(event) => event.currentTarget.select()}
              className="rounded-lg border border-slate-200 px-2 py-1 font-mono text-xs dark:border-slate-700 dark:bg-slate-950"
            />
          </label>
          <div className="flex justify-end gap-2">
            <button
              type="button"
              onClick={() => void copy()}
              className="flex items-center gap-1 rounded-full px-3 py-1.5 font-medium hover:bg-slate-100 dark:hover:bg-slate-800"
            >
              <Copy aria-hidden="true" className="size-4" /> Copy
            </button>
            <button
              type="button"
              disabled={revoke.isPending}
              onClick={() =>
                revoke.mutate(undefined, {
                  onError: (error) => toast.error(errorText(error), { toastId: 'feed-error' }),
                })
              }
              className="rounded-full bg-red-600 px-3 py-1.5 font-semibold text-white hover:bg-red-700 disabled:opacity-60"
            >
              Revoke
            </button>
          </div>
        </>
      )}
      {query.isSuccess && !absolute && (
        <button
          type="button"
          disabled={create.isPending}
          onClick={() =>
            create.mutate(undefined, {
              onError: (error) => toast.error(errorText(error), { toastId: 'feed-error' }),
            })
          }
          className="self-end rounded-full bg-brand-700 px-4 py-1.5 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
        >
          Create feed URL
        </button>
      )}
    </section>
  );
}
