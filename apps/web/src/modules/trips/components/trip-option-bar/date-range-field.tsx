import clsx from 'clsx';
import { CalendarDays } from 'lucide-react';
import { lazy, Suspense } from 'react';
import type { DateRange } from 'react-day-picker';
import { toast } from 'react-toastify';
import {
  fieldTriggerClass,
  PopoverPanel,
  popoverSurfaceClass,
  usePopover,
} from '../../../../components/ui/popover.tsx';
import { APP_LOCALE, formatDotDate, parseDate, startOfDay, toIsoDate } from '../../../../lib/dates.ts';
import {
  clampDayCount,
  DAY_COUNT_MAX,
  DAY_COUNT_MIN,
  daysBetween,
  isPastStart,
  PAST_DATE_WARNING,
  rangeFromCounts,
} from './date-rules.ts';

/**
 * The calendar (react-day-picker, date-fns and its styles, about 21 kB gzip) loads when the panel
 * first opens, not with the first page (PERF-07).
 */
const DayPicker = lazy(() =>
  Promise.all([import('react-day-picker'), import('react-day-picker/style.css')]).then(([m]) => ({
    default: m.DayPicker,
  })),
);

interface DateRangeFieldProps {
  start: string;
  end: string;
  onChange: (range: { start: string; end: string }) => void;
  now?: () => Date;
}

/**
 * Date-range picker (SPEC §2, §5): weeks start on Monday, minimum date today; a start earlier than
 * now is refused with 'Please select a future date'; the day-count inputs are clamped to 0..99999.
 */
export function DateRangeField({ start, end, onChange, now = () => new Date() }: DateRangeFieldProps) {
  // Escape closes the open picker and gives focus back to its button (PERF-09).
  const popover = usePopover();
  const today = startOfDay(now());

  const apply = (next: { start: string; end: string }) => {
    if (isPastStart(next.start, now())) {
      toast.warn(PAST_DATE_WARNING, { toastId: 'past-date' });
      return;
    }
    const end = next.end && next.end >= next.start ? next.end : next.start;
    onChange({ start: next.start, end });
  };

  const selected: DateRange | undefined = parseDate(start)
    ? { from: parseDate(start) ?? undefined, to: parseDate(end) ?? undefined }
    : undefined;

  const daysFromNow = start ? daysBetween(toIsoDate(today), start) : 0;
  const nights = daysBetween(start, end);

  return (
    <div ref={popover.anchorRef} className="relative">
      <button type="button" {...popover.triggerProps} className={clsx(fieldTriggerClass, 'px-4')}>
        <CalendarDays aria-hidden="true" className="size-5 text-brand-600" />
        <span data-testid="date-range-label">
          {start ? `${formatDotDate(start)} – ${formatDotDate(end)}` : 'dates'}
        </span>
      </button>
      <PopoverPanel
        state={popover}
        role="group"
        aria-label="Trip dates"
        className={clsx('absolute top-13 left-0 z-40 flex flex-col gap-3 p-4', popoverSurfaceClass)}
      >
        <Suspense fallback={<div className="h-72 w-72" aria-hidden="true" />}>
          <DayPicker
            mode="range"
            weekStartsOn={1}
            disabled={{ before: today }}
            startMonth={today}
            defaultMonth={selected?.from ?? today}
            selected={selected}
            onSelect={(range) => {
              if (!range?.from) return;
              apply({
                start: toIsoDate(range.from),
                end: range.to ? toIsoDate(range.to) : toIsoDate(range.from),
              });
            }}
          />
        </Suspense>
        <div className="grid grid-cols-2 gap-3 text-sm">
          <label className="flex flex-col gap-1">
            start
            <input
              type="date"
              lang={APP_LOCALE}
              min={toIsoDate(today)}
              value={start}
              onChange={(event) => {
                if (event.target.value) apply({ start: event.target.value, end });
              }}
              className="rounded-lg border border-slate-200 px-2 py-1 dark:border-slate-700 dark:bg-slate-950"
            />
          </label>
          <label className="flex flex-col gap-1">
            end
            <input
              type="date"
              lang={APP_LOCALE}
              min={start || toIsoDate(today)}
              value={end}
              onChange={(event) => {
                if (event.target.value) apply({ start, end: event.target.value });
              }}
              className="rounded-lg border border-slate-200 px-2 py-1 dark:border-slate-700 dark:bg-slate-950"
            />
          </label>
          <label className="flex flex-col gap-1">
            days from now
            <input
              type="number"
              min={DAY_COUNT_MIN}
              max={DAY_COUNT_MAX}
              value={daysFromNow}
              onChange={(event) =>
                apply(rangeFromCounts(clampDayCount(Number(event.target.value)), nights, now()))
              }
              className="rounded-lg border border-slate-200 px-2 py-1 dark:border-slate-700 dark:bg-slate-950"
            />
          </label>
          <label className="flex flex-col gap-1">
            nights
            <input
              type="number"
              min={DAY_COUNT_MIN}
              max={DAY_COUNT_MAX}
              value={nights}
              onChange={(event) =>
                apply(rangeFromCounts(daysFromNow, clampDayCount(Number(event.target.value)), now()))
              }
              className="rounded-lg border border-slate-200 px-2 py-1 dark:border-slate-700 dark:bg-slate-950"
            />
          </label>
        </div>
      </PopoverPanel>
    </div>
  );
}
