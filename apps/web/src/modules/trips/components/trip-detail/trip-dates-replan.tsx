import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Planner } from '@tripcrew/contracts/trips';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Button } from '../../../../components/ui/button.tsx';
import { Dialog } from '../../../../components/ui/dialog.tsx';
import { DAY_MS } from '../../../../lib/dates.ts';
import { isOnline } from '../../../../lib/network-status.ts';
import { tripKeys } from '../../api/trip-keys.ts';
import type { DateDraft } from './trip-dates-editor.tsx';

export type PlannedDays = 'shift' | 'tray';

const dayNumber = (day: string) => Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS);

/** The stops planned on days the new dates leave out (every planned stop when there are none). */
export function stopsOutside(planner: Planner, dates: DateDraft): number {
  return planner.days
    .filter((day) => day.date < dates.start || day.date > dates.end)
    .reduce((sum, day) => sum + day.items.length, 0);
}

/**
 * Where the plan would go with 'shift': each planned day moves by as many days as the start; the
 * stops whose day still falls outside the new dates would go to the tray.
 */
export function stopsOutsideAfterShift(planner: Planner, from: string | null, dates: DateDraft): number {
  if (!from) return stopsOutside(planner, dates);
  const delta = dayNumber(dates.start) - dayNumber(from);
  const last = dayNumber(dates.end);
  const first = dayNumber(dates.start);
  return planner.days
    .filter((day) => dayNumber(day.date) + delta < first || dayNumber(day.date) + delta > last)
    .reduce((sum, day) => sum + day.items.length, 0);
}

interface Pending {
  dates: DateDraft;
  outside: number;
  afterShift: number;
  sameLength: boolean;
}

/**
 * Asks before new dates leave planned stops without a day (issue 35): shift the whole plan with
 * the dates (the first choice when the trip keeps its length), or move those stops to the tray.
 * Saves at once when no planned stop would be left out. Without the planner at hand (never opened
 * and offline), the dates are saved as before and the page says afterwards what went to the tray.
 */
export function useDatesReplan(
  tripId: string,
  stored: { startDate: string | null; endDate: string | null },
  save: (dates: DateDraft, plannedDays?: PlannedDays) => void,
) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<Pending | null>(null);
  const firstChoice = useRef<HTMLButtonElement>(null);

  const request = async (dates: DateDraft) => {
    // A trip without dates has no planned days: everything is in the tray already.
    if (stored.startDate === null || stored.endDate === null) {
      save(dates);
      return;
    }
    // The planner's code (and its schemas) loads with the planner tab, not with the trip page: it
    // is fetched here only when the planner was not read yet.
    const planner =
      queryClient.getQueryData<Planner>(tripKeys.planner(tripId)) ??
      (isOnline()
        ? await import('../../api/trip-planner.ts')
            .then((module) => queryClient.fetchQuery(module.plannerQueryOptions(tripId)))
            .catch(() => undefined)
        : undefined);
    const outside = planner ? stopsOutside(planner, dates) : 0;
    if (!planner || outside === 0) {
      save(dates);
      return;
    }
    const { startDate, endDate } = stored;
    const sameLength =
      dayNumber(endDate) - dayNumber(startDate) === dayNumber(dates.end) - dayNumber(dates.start);
    setPending({ dates, outside, afterShift: stopsOutsideAfterShift(planner, startDate, dates), sameLength });
  };

  const choose = (plannedDays: PlannedDays) => {
    if (!pending) return;
    setPending(null);
    save(pending.dates, plannedDays);
  };

  const count = pending?.outside ?? 0;
  const shiftButton = (
    <Button
      ref={pending?.sameLength ? firstChoice : undefined}
      variant={pending?.sameLength ? 'primary' : 'secondary'}
      onClick={() => choose('shift')}
    >
      <Trans>Shift the plan with the dates</Trans>
    </Button>
  );
  const trayButton = (
    <Button
      ref={pending?.sameLength ? undefined : firstChoice}
      variant={pending?.sameLength ? 'secondary' : 'primary'}
      onClick={() => choose('tray')}
    >
      <Trans>Move them to the tray</Trans>
    </Button>
  );

  const dialog = (
    <Dialog
      open={pending !== null}
      onClose={() => setPending(null)}
      title={t`Your plan has stops on days outside the new dates`}
      initialFocusRef={firstChoice}
      size="md"
    >
      <div className="flex flex-col gap-4">
        <p className="text-sm">
          {plural(count, {
            one: '# planned stop is on a day the new dates leave out.',
            other: '# planned stops are on days the new dates leave out.',
          })}{' '}
          {pending && pending.afterShift > 0
            ? plural(pending.afterShift, {
                one: 'Shifting the plan keeps every day in its place in the trip; # stop would still go to the tray.',
                other:
                  'Shifting the plan keeps every day in its place in the trip; # stops would still go to the tray.',
              })
            : t`Shifting the plan keeps every day in its place in the trip: day 1 stays day 1.`}
        </p>
        <div className="flex flex-col gap-2">
          {pending?.sameLength ? shiftButton : trayButton}
          {pending?.sameLength ? trayButton : shiftButton}
          <Button variant="ghost" onClick={() => setPending(null)}>
            <Trans>Cancel</Trans>
          </Button>
        </div>
      </div>
    </Dialog>
  );

  return { request, dialog };
}
