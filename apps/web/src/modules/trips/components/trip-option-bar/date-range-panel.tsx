import { Trans } from '@lingui/react/macro';
import { lazy, type ReactNode, Suspense } from 'react';
import type { DateRange } from 'react-day-picker';
import { DateField } from '../../../../components/ui/date-field.tsx';
import { parseDate, toIsoDate } from '../../../../lib/dates.ts';
import { clampDayCount, DAY_COUNT_MAX, DAY_COUNT_MIN, daysBetween, rangeFromCounts } from './date-rules.ts';

/**
 * The calendar (react-day-picker, date-fns and its styles, about 21 kB gzip) loads when the panel
 * first opens, not with the first page (PERF-07).
 */
const DayPicker = lazy(() =>
  Promise.all([import('react-day-picker'), import('react-day-picker/style.css')]).then(([m]) => ({
    default: m.DayPicker,
  })),
);

const INPUT_CLASS = 'rounded-lg border border-slate-200 px-2 py-1 dark:border-slate-700 dark:bg-slate-950';

interface DateRangePanelProps {
  start: string;
  end: string;
  today: Date;
  now: () => Date;
  apply: (range: { start: string; end: string }) => void;
}

/** A count of days (from now, or nights), kept between its bounds. */
function DayCount({
  label,
  value,
  onChange,
}: {
  label: ReactNode;
  value: number;
  onChange: (count: number) => void;
}) {
  return (
    <label className="flex flex-col gap-1">
      {label}
      <input
        type="number"
        min={DAY_COUNT_MIN}
        max={DAY_COUNT_MAX}
        value={value}
        onChange={(event) => onChange(clampDayCount(Number(event.target.value)))}
        className={INPUT_CLASS}
      />
    </label>
  );
}

/** The open date-range picker: the calendar, the two days and the day counts. Loaded on first open. */
export function DateRangePanel({ start, end, today, now, apply }: DateRangePanelProps) {
  const selected: DateRange | undefined = parseDate(start)
    ? { from: parseDate(start) ?? undefined, to: parseDate(end) ?? undefined }
    : undefined;
  const daysFromNow = start ? daysBetween(toIsoDate(today), start) : 0;
  const nights = daysBetween(start, end);

  return (
    <>
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
          <Trans>start</Trans>
          <DateField
            min={toIsoDate(today)}
            value={start}
            onChange={(value) => {
              if (value) apply({ start: value, end });
            }}
            className={INPUT_CLASS}
          />
        </label>
        <label className="flex flex-col gap-1">
          <Trans>end</Trans>
          <DateField
            min={start || toIsoDate(today)}
            value={end}
            onChange={(value) => {
              if (value) apply({ start, end: value });
            }}
            className={INPUT_CLASS}
          />
        </label>
        <DayCount
          label={<Trans>days from now</Trans>}
          value={daysFromNow}
          onChange={(days) => apply(rangeFromCounts(days, nights, now()))}
        />
        <DayCount
          label={<Trans>nights</Trans>}
          value={nights}
          onChange={(count) => apply(rangeFromCounts(daysFromNow, count, now()))}
        />
      </div>
    </>
  );
}
