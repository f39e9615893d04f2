import { Trans, useLingui } from '@lingui/react/macro';
import { VISIT_MINUTES_MAX, VISIT_MINUTES_MIN } from '@tripcrew/contracts/features';
import { PLANNER_HOURS_MAX, type PlannerItem } from '@tripcrew/contracts/trips';
import { useId, useState } from 'react';
import { Button } from '../../../../components/ui/button.tsx';
import { CancelActions } from '../../../../components/ui/cancel-actions.tsx';
import { Dialog } from '../../../../components/ui/dialog.tsx';
import { activeLocale } from '../../../../lib/i18n/active-locale.ts';

/**
 * What the dialog saves: the stop's own time (a fixed point) and its visit, each null to clear;
 * its opening hours for this trip only when they changed (null: the place's own again).
 */
export interface StopTimes {
  time: string | null;
  visitMinutes: number | null;
  hours?: string | null;
}

interface StopTimesDialogProps {
  item: PlannerItem;
  label: string;
  /** The visit the day counts when none is set here (the feature's typical one). */
  typicalMinutes: number;
  /** The place's own opening hours (OpenStreetMap syntax), when known. */
  placeHours?: string | null | undefined;
  /** Saves; a refusal's message shows in the dialog and what was typed stays. */
  onSave: (times: StopTimes) => Promise<void>;
  onClose: () => void;
}

const FIELD_CLASS =
  'min-h-11 rounded-xl border border-slate-300 bg-white px-3 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100';

/**
 * A stop's times: "Arrive at" (optional: the day's timeline then waits for it, a fixed point)
 * and how long the group stays (the feature's typical visit when left empty).
 */
export function StopTimesDialog({
  item,
  label,
  typicalMinutes,
  placeHours,
  onSave,
  onClose,
}: StopTimesDialogProps) {
  const { t } = useLingui();
  const id = useId();
  const [time, setTime] = useState(item.time ?? '');
  const [visit, setVisit] = useState(item.visitMinutes ? String(item.visitMinutes) : '');
  const [hours, setHours] = useState(item.hours ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const minutes = visit.trim() === '' ? null : Number(visit);
  const invalid =
    minutes !== null &&
    (!Number.isInteger(minutes) || minutes < VISIT_MINUTES_MIN || minutes > VISIT_MINUTES_MAX);
  const save = async () => {
    if (invalid) return setProblem(t`A visit takes 5 to 720 minutes.`);
    setBusy(true);
    setProblem(null);
    try {
      const ownHours = hours.trim() === '' ? null : hours.trim();
      await onSave({
        time: time === '' ? null : time,
        visitMinutes: minutes,
        ...(ownHours !== (item.hours ?? null) ? { hours: ownHours } : {}),
      });
      onClose();
    } catch (error) {
      setProblem(error instanceof Error ? error.message : t`The times could not be saved.`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} title={t`Times of ${label}`} size="md">
      <form
        aria-label={t`Times of ${label}`}
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-time`} className="text-sm font-semibold">
            <Trans>Arrive at (optional)</Trans>
          </label>
          <input
            id={`${id}-time`}
            type="time"
            lang={activeLocale().intl}
            value={time}
            onChange={(event) => setTime(event.target.value)}
            aria-describedby={`${id}-time-hint`}
            className={`w-36 ${FIELD_CLASS}`}
          />
          <p id={`${id}-time-hint`} className="text-xs text-slate-600 dark:text-slate-300">
            <Trans>Empty: after the stop before it. A time is kept, and the day waits for it.</Trans>
          </p>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-visit`} className="text-sm font-semibold">
            <Trans>Visit, in minutes (optional)</Trans>
          </label>
          <input
            id={`${id}-visit`}
            type="number"
            inputMode="numeric"
            min={VISIT_MINUTES_MIN}
            max={VISIT_MINUTES_MAX}
            step={5}
            placeholder={String(typicalMinutes)}
            value={visit}
            onChange={(event) => setVisit(event.target.value)}
            aria-invalid={invalid}
            aria-describedby={`${id}-visit-hint`}
            className={`w-36 ${FIELD_CLASS}`}
          />
          <p id={`${id}-visit-hint`} className="text-xs text-slate-600 dark:text-slate-300">
            <Trans>Empty: the usual visit, {typicalMinutes} minutes.</Trans>
          </p>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-hours`} className="text-sm font-semibold">
            <Trans>Opening hours for this trip (optional)</Trans>
          </label>
          <input
            id={`${id}-hours`}
            type="text"
            autoComplete="off"
            spellCheck={false}
            maxLength={PLANNER_HOURS_MAX}
            placeholder={placeHours ?? t`Tu-Su 10:00-18:00`}
            value={hours}
            onChange={(event) => setHours(event.target.value)}
            aria-describedby={`${id}-hours-hint`}
            className={`w-full font-mono ${FIELD_CLASS}`}
          />
          <p id={`${id}-hours-hint`} className="text-xs text-slate-600 dark:text-slate-300">
            {placeHours ? (
              <Trans>
                Empty: the place’s own hours. Correct them when they changed; only this trip uses yours.
              </Trans>
            ) : (
              <Trans>Written as on OpenStreetMap, e.g. Tu-Su 10:00-18:00. Only this trip uses them.</Trans>
            )}
          </p>
        </div>
        {problem && (
          <p
            role="alert"
            data-testid="stop-times-problem"
            className="text-sm font-medium text-red-700 dark:text-red-300"
          >
            {problem}
          </p>
        )}
        <CancelActions onCancel={onClose} wrap className="[&>button]:min-h-11">
          <Button type="submit" disabled={busy} className="min-h-11">
            {busy ? t`Saving…` : t`Save times`}
          </Button>
        </CancelActions>
      </form>
    </Dialog>
  );
}
