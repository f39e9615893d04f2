import { Trans, useLingui } from '@lingui/react/macro';
import { DAY_START_DEFAULT } from '@tripcrew/contracts/day-timeline';
import { Sunrise } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '../../../../components/ui/button.tsx';
import { CancelActions } from '../../../../components/ui/cancel-actions.tsx';
import { activeLocale } from '../../../../lib/i18n/active-locale.ts';
import { useSetDayStart } from '../../api/trip-planner.ts';

interface DayStartProps {
  tripId: string;
  date: string;
  dayName: string;
  start: string | undefined;
  version: number | undefined;
  canEdit: boolean;
}

/** "Starts at 09:00" under a day's title; an editor changes it in place (its timeline follows). */
export function DayStart({
  tripId,
  date,
  dayName,
  start = DAY_START_DEFAULT,
  version = 0,
  canEdit,
}: DayStartProps) {
  const { t } = useLingui();
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(start);
  const save = useSetDayStart(tripId);
  if (!editing) {
    const text = t`Starts at ${start}`;
    return canEdit ? (
      <button
        type="button"
        data-testid="planner-day-start"
        onClick={() => {
          setValue(start);
          setEditing(true);
        }}
        aria-label={t`${dayName} starts at ${start}: change`}
        className="inline-flex min-h-9 items-center gap-1.5 self-start rounded-full px-2 text-xs font-medium text-slate-700 hover:bg-white focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:text-slate-200 dark:hover:bg-slate-900"
      >
        <Sunrise aria-hidden="true" className="size-3.5" />
        {text}
      </button>
    ) : (
      <p
        data-testid="planner-day-start"
        className="flex items-center gap-1.5 px-2 text-xs text-slate-600 dark:text-slate-300"
      >
        <Sunrise aria-hidden="true" className="size-3.5" />
        {text}
      </p>
    );
  }
  return (
    <form
      aria-label={t`When ${dayName} starts`}
      className="flex flex-wrap items-center gap-2 px-1"
      onSubmit={(event) => {
        event.preventDefault();
        if (value === '' || value === start) return setEditing(false);
        save.mutate(
          { date, start: value, version },
          {
            onSuccess: () => setEditing(false),
            onError: (error) =>
              toast.error(error instanceof Error ? error.message : t`The start could not be saved.`, {
                toastId: 'planner-day-start-error',
              }),
          },
        );
      }}
    >
      <label htmlFor={id} className="text-xs font-medium">
        <Trans>Starts at</Trans>
      </label>
      <input
        id={id}
        type="time"
        lang={activeLocale().intl}
        required
        // The editor was opened to type in it.
        autoFocus
        value={value}
        onChange={(event) => setValue(event.target.value)}
        className="min-h-9 w-28 rounded-lg border border-slate-300 bg-white px-2 text-sm dark:border-slate-600 dark:bg-slate-900"
      />
      <CancelActions onCancel={() => setEditing(false)} size="sm">
        <Button type="submit" size="sm" disabled={save.isPending}>
          {save.isPending ? t`Saving…` : t`Save`}
        </Button>
      </CancelActions>
    </form>
  );
}
