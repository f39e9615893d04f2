import { useLingui } from '@lingui/react/macro';
import clsx from 'clsx';
import { CalendarDays } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { toast } from 'react-toastify';
import {
  fieldTriggerClass,
  PopoverPanel,
  popoverSurfaceClass,
  usePopover,
} from '../../../../components/ui/popover.tsx';
import { startOfDay } from '../../../../lib/dates.ts';
import { formatCardDateRange } from '../../../../lib/format/dates.ts';
import { isPastStart, PAST_DATE_WARNING } from './date-rules.ts';
import { i18n } from '../../../../lib/i18n/i18n.ts';

/**
 * The open panel (the calendar with react-day-picker, date-fns and its styles, about 21 kB gzip,
 * and the typed days) loads when it first opens, not with the first page (PERF-07).
 */
const DateRangePanel = lazy(() =>
  import('./date-range-panel.tsx').then((module) => ({ default: module.DateRangePanel })),
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
  const { t } = useLingui();
  // Escape closes the open picker and gives focus back to its button (PERF-09).
  const popover = usePopover();
  const today = startOfDay(now());

  const apply = (next: { start: string; end: string }) => {
    if (isPastStart(next.start, now())) {
      toast.warn(i18n._(PAST_DATE_WARNING), { toastId: 'past-date' });
      return;
    }
    const end = next.end && next.end >= next.start ? next.end : next.start;
    onChange({ start: next.start, end });
  };

  return (
    <div ref={popover.anchorRef} className="relative">
      <button type="button" {...popover.triggerProps} className={clsx(fieldTriggerClass, 'px-4')}>
        <CalendarDays aria-hidden="true" className="size-5 text-brand-600" />
        <span data-testid="date-range-label">{start ? formatCardDateRange(start, end) : t`dates`}</span>
      </button>
      <PopoverPanel
        state={popover}
        role="group"
        aria-label={t`Trip dates`}
        className={clsx('absolute top-13 left-0 z-40 flex flex-col gap-3 p-4', popoverSurfaceClass)}
      >
        <Suspense fallback={<div className="h-80 w-72" aria-hidden="true" />}>
          <DateRangePanel start={start} end={end} today={today} now={now} apply={apply} />
        </Suspense>
      </PopoverPanel>
    </div>
  );
}
