import { ph, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { PlannerItem } from '@tripcrew/contracts/trips';
import type { RouteDay, RouteLeg } from '@tripcrew/contracts/trip-routes';
import { Route, Undo2 } from 'lucide-react';
import { useId, useRef } from 'react';
import { buttonClass } from '../../../../components/ui/button.tsx';
import { formatDistance } from '../../../../lib/format/distance.ts';
import { legText } from './route-format.ts';

/** Distances between a day's stops and its optimise button (ROUTE-08..10). */

/**
 * A stop: a feature with coordinates, or a place of the trip's own (it always has them); notes and
 * features without coordinates have no legs.
 */
export const isStop = (item: PlannerItem): boolean =>
  (item.kind === 'place' && item.place !== null) ||
  (item.kind === 'feature' && item.feature?.coordinates != null);

export const stopCount = (items: readonly PlannerItem[]): number => items.filter(isStop).length;

/** The least stops for the optimiser to have something to move (the first stop stays first). */
export const OPTIMISE_MIN_STOPS = 3;

/**
 * For each stop after the first, the leg that reaches it, when the routes answer matches the
 * order on screen (else undefined: the line shows it is loading). Keys are item ids.
 */
export function legsByTarget(
  items: readonly PlannerItem[],
  day: RouteDay | undefined,
): Map<string, RouteLeg | undefined> {
  const legs = new Map<string, RouteLeg | undefined>();
  const known = new Map((day?.legs ?? []).map((leg) => [`${leg.fromItemId}>${leg.toItemId}`, leg]));
  let previous: PlannerItem | undefined;
  for (const item of items) {
    if (!isStop(item)) continue;
    if (previous) legs.set(item._id, known.get(`${previous._id}>${item._id}`));
    previous = item;
  }
  return legs;
}

const lineClass = 'flex h-5 items-center gap-1.5 pl-3 text-xs text-slate-600 dark:text-slate-300';

/** '1.2 km · 15 min walk' between two stops; a placeholder of the same height while it loads. */
export function RouteLegLine({
  leg,
  mode,
}: {
  leg: RouteLeg | undefined;
  mode: RouteDay['mode'] | undefined;
}) {
  if (!leg || !mode) {
    return (
      <li data-testid="route-leg" aria-busy="true" className={lineClass}>
        <span
          aria-hidden="true"
          className="h-2 w-28 animate-pulse rounded-full bg-slate-200 dark:bg-slate-700"
        />
        <span className="sr-only">
          <Trans>Distance loading</Trans>
        </span>
      </li>
    );
  }
  const text = legText(leg.distanceM, leg.durationS, mode);
  return (
    <li
      data-testid="route-leg"
      className={lineClass}
      title={leg.source === 'estimate' ? t`Estimated` : undefined}
    >
      <span
        aria-hidden="true"
        className="h-3 border-l-2 border-dotted border-slate-400 dark:border-slate-500"
      />
      <span>{text}</span>
    </li>
  );
}

/** The day's total under its title; the same height while loading. */
export function DayRouteTotal({ day, stale }: { day: RouteDay | undefined; stale: boolean }) {
  return (
    <p
      data-testid="route-day-total"
      className="flex h-5 items-center gap-1 px-1 text-xs text-slate-600 dark:text-slate-300"
    >
      <Route aria-hidden="true" className="size-3.5 shrink-0" />
      {day && !stale ? (
        <span>
          <span className="sr-only">
            <Trans>Day total:</Trans>{' '}
          </span>
          {legText(day.totalDistanceM, day.totalDurationS, day.mode)}
        </span>
      ) : (
        <>
          <span
            aria-hidden="true"
            className="h-2 w-32 animate-pulse rounded-full bg-slate-200 dark:bg-slate-700"
          />
          <span className="sr-only">
            <Trans>Day total loading</Trans>
          </span>
        </>
      )}
    </p>
  );
}

export interface OptimiseNotice {
  date: string;
  savedM: number;
  /** The order before, for undo; null when nothing changed. */
  previous: string[] | null;
  /** Why no order fits the day's opening hours, one line each ("… is closed on Tuesdays"). */
  unfit: string[];
}

interface OptimiseDayProps {
  dayName: string;
  stops: number;
  online: boolean;
  /** An optimisation of this day or an undo is on its way. */
  busy: boolean;
  notice: OptimiseNotice | undefined;
  onOptimise: () => void;
  onUndo: (notice: OptimiseNotice) => void;
}

/** 'Optimise route' (editors) with the reason when it cannot run, and 'Saved 2.3 km · Undo' after. */
export function OptimiseDay({ dayName, stops, online, busy, notice, onOptimise, onUndo }: OptimiseDayProps) {
  const reasonId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const reason = !online
    ? t`Optimising needs a connection.`
    : stops < OPTIMISE_MIN_STOPS
      ? t`Needs ${OPTIMISE_MIN_STOPS} stops or more.`
      : undefined;
  return (
    <div className="flex flex-col gap-1 px-1">
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          className={buttonClass({ variant: 'secondary', size: 'sm' }, '!px-3 !py-1')}
          ref={button}
          // Busy keeps the focus on the button (a disabled button would drop it).
          disabled={reason !== undefined}
          aria-busy={busy || undefined}
          aria-describedby={reason ? reasonId : undefined}
          aria-label={t`Optimise route of ${dayName}`}
          onClick={() => {
            if (!busy) onOptimise();
          }}
        >
          <Route aria-hidden="true" className="size-4" />
          {busy ? t`Optimising…` : t`Optimise route`}
        </button>
        {reason && (
          <span id={reasonId} className="text-xs text-slate-600 dark:text-slate-300">
            {reason}
          </span>
        )}
      </div>
      <div role="status" className="min-h-0 text-sm">
        {notice && (
          <p
            data-testid="route-optimise-notice"
            className="flex flex-wrap items-center gap-2 rounded-xl bg-white px-3 py-1.5 ring-1 ring-brand-200 dark:bg-slate-950 dark:ring-brand-800"
          >
            <span>
              {!notice.previous
                ? t`This order is already the best found.`
                : notice.savedM > 0
                  ? t`Saved ${ph({ savedM: formatDistance(notice.savedM) })}`
                  : t`Reordered to fit the opening hours`}
            </span>
            {notice.previous && (
              <button
                type="button"
                onClick={() => {
                  // The notice goes once undone: the focus waits on the day's button.
                  button.current?.focus();
                  onUndo(notice);
                }}
                className="inline-flex items-center gap-1 rounded-full px-2 py-0.5 font-semibold text-brand-800 underline-offset-2 hover:underline dark:text-brand-300"
              >
                <Undo2 aria-hidden="true" className="size-4" /> <Trans>Undo</Trans>
              </button>
            )}
          </p>
        )}
        {notice && notice.unfit.length > 0 && (
          <div
            data-testid="route-optimise-unfit"
            className="mt-1 rounded-xl bg-amber-50 px-3 py-1.5 text-amber-950 ring-1 ring-amber-300 dark:bg-amber-950 dark:text-amber-100 dark:ring-amber-700"
          >
            <p className="font-semibold">
              <Trans>No order fits the opening hours:</Trans>
            </p>
            <ul className="list-disc ps-5">
              {notice.unfit.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </div>
  );
}
