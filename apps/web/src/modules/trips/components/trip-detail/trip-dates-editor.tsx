import { ph } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { CalendarDays } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { DateRange } from 'react-day-picker';
import { CancelActions } from '../../../../components/ui/cancel-actions.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { DateField } from '../../../../components/ui/date-field.tsx';
import { PopoverPanel, usePopover } from '../../../../components/ui/popover.tsx';
import { parseDate, toIsoDate } from '../../../../lib/dates.ts';
import { formatDetailDate } from '../../../../lib/format/dates.ts';
import { EditBackdrop } from './edit-backdrop.tsx';

/**
 * The calendar (react-day-picker, date-fns and its styles) loads when the editor first opens, not
 * with the trip screen (PERF-07), as in the trip option bar.
 */
const DayPicker = lazy(() =>
  Promise.all([import('react-day-picker'), import('react-day-picker/style.css')]).then(([m]) => ({
    default: m.DayPicker,
  })),
);

export interface DateDraft {
  start: string;
  end: string;
}

/** TRIP-23: dates are saved only when both are set and differ from the stored ones. */
export function datesToSave(
  draft: DateDraft,
  stored: { startDate: string | null; endDate: string | null },
): DateDraft | null {
  if (draft.start === '' || draft.end === '') return null;
  if (draft.start === (stored.startDate ?? '') && draft.end === (stored.endDate ?? '')) return null;
  return draft;
}

interface TripDatesEditorProps {
  startDate: string | null;
  endDate: string | null;
  canEdit: boolean;
  editing: boolean;
  onStart: () => void;
  /** Ends the mode with the dates to save (null: nothing to save). */
  onDone: (dates: DateDraft | null) => void;
}

/** The trip's date-range picker (SPEC §2, §9): dd/mm/yyyy, '--/--/----' when empty. */
export function TripDatesEditor({
  startDate,
  endDate,
  canEdit,
  editing,
  onStart,
  onDone,
}: TripDatesEditorProps) {
  const { t } = useLingui();
  const [draft, setDraft] = useState<DateDraft>({ start: startDate ?? '', end: endDate ?? '' });
  const popover = usePopover();

  // PERF-09: focus moves into the open picker, Escape (wherever focus is: the popover layer)
  // cancels, and focus returns to the dates button when the picker closes.
  useEffect(() => {
    if (!editing) return;
    const button = popover.triggerRef.current;
    document.getElementById(popover.panelId)?.querySelector<HTMLElement>('input')?.focus();
    return () => {
      if (button?.isConnected) button.focus();
    };
  }, [editing, popover.triggerRef, popover.panelId]);
  const label = (
    <>
      <CalendarDays aria-hidden="true" className="size-5 text-brand-600" />
      <span data-testid="trip-dates">
        {formatDetailDate(startDate)} – {formatDetailDate(endDate)}
      </span>
    </>
  );
  const chip =
    'flex h-11 items-center gap-2 rounded-full border border-slate-200 bg-white px-4 text-sm font-medium shadow-sm dark:border-slate-700 dark:bg-slate-900';

  if (!canEdit) return <p className={chip}>{label}</p>;

  const save = () => onDone(datesToSave(draft, { startDate, endDate }));
  const from = parseDate(draft.start) ?? undefined;
  const to = parseDate(draft.end) ?? undefined;
  const selected: DateRange | undefined = from ? { from, to } : undefined;

  return (
    <div ref={popover.anchorRef} className="relative">
      <button
        ref={popover.triggerRef}
        type="button"
        aria-expanded={editing}
        aria-label={t`Trip dates ${ph({ startDate: formatDetailDate(startDate) })} to ${ph({ endDate: formatDetailDate(endDate) })} (change)`}
        onClick={() => {
          setDraft({ start: startDate ?? '', end: endDate ?? '' });
          onStart();
        }}
        className={`${chip} transition hover:border-brand-400`}
      >
        {label}
      </button>
      {editing && (
        <>
          <EditBackdrop onClick={save} label={t`Save the dates`} />
          <PopoverPanel
            state={{ ...popover, open: editing }}
            closeOnPointerOutside={false}
            onEscape={() => onDone(null)}
            role="group"
            aria-label={t`Change trip dates`}
            className="fixed inset-x-3 top-20 z-50 flex max-h-[80dvh] flex-col gap-3 overflow-y-auto rounded-2xl bg-white p-4 text-slate-900 shadow-xl ring-1 ring-slate-200 sm:absolute sm:inset-x-auto sm:top-13 sm:left-0 dark:bg-slate-900 dark:text-slate-100 dark:ring-slate-700"
          >
            <p className="text-sm font-semibold" aria-live="polite">
              {formatDetailDate(draft.start)} – {formatDetailDate(draft.end)}
            </p>
            <Suspense fallback={<div className="h-72 w-72" aria-hidden="true" />}>
              <DayPicker
                mode="range"
                weekStartsOn={1}
                defaultMonth={from ?? new Date()}
                selected={selected}
                onSelect={(range) => {
                  if (!range?.from) return;
                  setDraft({
                    start: toIsoDate(range.from),
                    end: range.to ? toIsoDate(range.to) : '',
                  });
                }}
              />
            </Suspense>
            <div className="grid grid-cols-2 gap-3 text-sm">
              <label className="flex flex-col gap-1">
                <Trans>start date</Trans>
                <DateField
                  format="slash"
                  value={draft.start}
                  onChange={(start) =>
                    setDraft((current) => ({
                      start,
                      end: current.end !== '' && start !== '' && current.end < start ? start : current.end,
                    }))
                  }
                  className="rounded-lg border border-slate-200 px-2 py-1 dark:border-slate-700 dark:bg-slate-950"
                />
              </label>
              <label className="flex flex-col gap-1">
                <Trans>end date</Trans>
                <DateField
                  format="slash"
                  value={draft.end}
                  min={draft.start || undefined}
                  onChange={(end) => setDraft((current) => ({ ...current, end }))}
                  className="rounded-lg border border-slate-200 px-2 py-1 dark:border-slate-700 dark:bg-slate-950"
                />
              </label>
            </div>
            <CancelActions onCancel={() => onDone(null)} size="sm">
              <Button onClick={save} size="sm">
                <Trans>Save dates</Trans>
              </Button>
            </CancelActions>
          </PopoverPanel>
        </>
      )}
    </div>
  );
}
