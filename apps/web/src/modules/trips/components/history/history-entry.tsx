import { Trans, useLingui } from '@lingui/react/macro';
import clsx from 'clsx';
import { ArrowRight, ArrowRightLeft, Minus, Pencil, Plus, RotateCcw, Undo2 } from 'lucide-react';
import type { HistoryEntry } from '../../api/trip-history.ts';
import { formatRelativeTime } from '../../../../lib/format/relative-time.ts';
import { formatDateTime } from '../../../../lib/format/times.ts';
import { describeEntry, type HistoryContext } from './history-words.ts';

const ACTION_ICONS = {
  added: Plus,
  changed: Pencil,
  moved: ArrowRightLeft,
  removed: Minus,
  restored: RotateCcw,
} as const;

const ACTION_TONES = {
  added: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-300',
  changed: 'bg-sky-100 text-sky-800 dark:bg-sky-500/15 dark:text-sky-300',
  moved: 'bg-violet-100 text-violet-800 dark:bg-violet-500/15 dark:text-violet-300',
  removed: 'bg-rose-100 text-rose-800 dark:bg-rose-500/15 dark:text-rose-300',
  restored: 'bg-amber-100 text-amber-800 dark:bg-amber-500/15 dark:text-amber-300',
} as const;

interface HistoryEntryRowProps {
  entry: HistoryEntry;
  context: HistoryContext;
  now: number;
  /** Whether this entry's undo is on its way. */
  undoing: boolean;
  onUndo: (entry: HistoryEntry) => void;
}

/** One change of the trip in words: who did what, when; before → after; its undo or "Undone". */
export function HistoryEntryRow({ entry, context, now, undoing, onUndo }: HistoryEntryRowProps) {
  const { t } = useLingui();
  const { sentence, details } = describeEntry(entry, context);
  const Icon = entry.undoOf ? Undo2 : ACTION_ICONS[entry.action];
  return (
    <li data-testid="history-entry" className="flex gap-3 px-4 py-3">
      <span
        aria-hidden="true"
        className={clsx(
          'flex size-8 shrink-0 items-center justify-center rounded-full',
          entry.undoOf ? ACTION_TONES.restored : ACTION_TONES[entry.action],
        )}
      >
        <Icon className="size-4" />
      </span>
      {/* Narrow: the words, then the time with the undo beside it; wide: the undo at the right. */}
      <div className="grid min-w-0 flex-1 grid-cols-[minmax(0,1fr)_auto] items-center gap-x-4 gap-y-1">
        <div className="col-span-2 flex min-w-0 flex-col gap-1 sm:col-span-1">
          <p
            data-testid="history-sentence"
            className={clsx(
              'text-sm break-words text-slate-900 dark:text-slate-100',
              entry.undone && 'text-slate-500 line-through decoration-slate-400 dark:text-slate-400',
            )}
          >
            {sentence}
          </p>
          {details.length > 0 && (
            <dl className="flex flex-col gap-1 text-xs text-slate-600 dark:text-slate-300">
              {details.map((detail) => (
                <div
                  key={detail.field}
                  data-testid="history-detail"
                  className="flex flex-wrap items-baseline gap-x-1.5"
                >
                  <dt className="font-medium text-slate-500 dark:text-slate-400">{detail.field}:</dt>
                  <dd className="flex min-w-0 flex-wrap items-baseline gap-x-1.5">
                    <span className="break-words text-slate-500 line-through dark:text-slate-400">
                      {detail.before}
                    </span>
                    <ArrowRight aria-label={t`became`} className="size-3 shrink-0 self-center" />
                    <span className="font-medium break-words text-slate-800 dark:text-slate-100">
                      {detail.after}
                    </span>
                  </dd>
                </div>
              ))}
            </dl>
          )}
        </div>
        <time
          dateTime={entry.createdAt}
          title={formatDateTime(entry.createdAt)}
          className="col-start-1 text-xs text-slate-500 dark:text-slate-400"
        >
          {formatRelativeTime(entry.createdAt, now)}
        </time>
        <div className="col-start-2 row-start-2 justify-self-end sm:row-span-2 sm:row-start-1">
          {entry.undone ? (
            <span
              data-testid="history-undone"
              className="inline-block rounded-full bg-slate-100 px-3 py-1 text-xs font-semibold text-slate-600 dark:bg-slate-800 dark:text-slate-300"
            >
              <Trans>Undone</Trans>
            </span>
          ) : (
            entry.canUndo && (
              <button
                type="button"
                onClick={() => onUndo(entry)}
                disabled={undoing}
                aria-label={t`Undo: ${sentence}`}
                className="inline-flex min-h-10 items-center gap-1.5 rounded-full px-4 text-sm font-semibold text-brand-800 ring-1 ring-brand-200 transition hover:bg-brand-50 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none disabled:cursor-wait disabled:opacity-60 dark:text-brand-200 dark:ring-brand-500/40 dark:hover:bg-brand-500/15"
              >
                <Undo2 aria-hidden="true" className="size-4" />
                {undoing ? <Trans>Undoing…</Trans> : <Trans>Undo</Trans>}
              </button>
            )
          )}
        </div>
      </div>
    </li>
  );
}
