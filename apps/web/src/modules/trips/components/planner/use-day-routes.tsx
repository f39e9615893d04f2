import { t } from '@lingui/core/macro';
import type { Planner, PlannerItem } from '@tripcrew/contracts/trips';
import { type ReactNode, useMemo, useState } from 'react';
import { toast } from 'react-toastify';
import { useOnline } from '../../../../lib/network-status.ts';
import {
  type RouteDay,
  useInvalidateTripRoutes,
  useOptimiseDay,
  useReorderDay,
  useTripRoutes,
} from '../../api/trip-routes.ts';
import {
  DayRouteTotal,
  legsByTarget,
  OptimiseDay,
  type OptimiseNotice,
  RouteLegLine,
  stopCount,
} from './day-route.tsx';
import { formatDistance } from '../../../../lib/format/distance.ts';
import { backHomeAt, plannerTimelines, unfitLines } from './day-timeline-words.ts';
import { BedDouble } from 'lucide-react';

type PlannerDay = Planner['days'][number];

const errorText = (error: unknown) => (error instanceof Error ? error.message : t`Something went wrong.`);

/**
 * The planner's distances (ROUTE-08, ROUTE-09) and 'Optimise route' with undo (ROUTE-10): what
 * goes before each stop and under each day's header. The routes query sits under 'trips', so a
 * live planner change from another member refetches it; changes made here refetch it too.
 */
export function useDayRoutes(
  tripId: string,
  planner: Planner | undefined,
  canEdit: boolean,
  announce: (text: string) => void,
) {
  const routes = useTripRoutes(tripId);
  const refresh = useInvalidateTripRoutes(tripId);
  const online = useOnline();
  const optimise = useOptimiseDay(tripId);
  const reorder = useReorderDay(tripId);
  const [notice, setNotice] = useState<OptimiseNotice | undefined>();
  const byDate = useMemo(
    () => new Map<string, RouteDay>((routes.data?.days ?? []).map((day) => [day.date, day])),
    [routes.data],
  );
  const legsOfDay = useMemo(
    () =>
      new Map((planner?.days ?? []).map((day) => [day.date, legsByTarget(day.items, byDate.get(day.date))])),
    [planner, byDate],
  );

  // Each item's place in its day's timeline (arrival, departure, warnings), by item id.
  const timelines = useMemo(() => plannerTimelines(planner, byDate), [planner, byDate]);

  const renderBefore =
    (date: string) =>
    (item: PlannerItem): ReactNode => {
      const legs = legsOfDay.get(date);
      if (!legs?.has(item._id)) return null;
      return <RouteLegLine leg={legs.get(item._id)} mode={byDate.get(date)?.mode} />;
    };

  const runOptimise = (day: PlannerDay, dayName: string) => {
    const previous = day.items.map((item) => item._id);
    optimise.mutate(day.date, {
      onSuccess: (result) => {
        const changed = result.itemIds.join() !== previous.join();
        const unfit = unfitLines(result.unfit ?? [], day.date, day.items);
        setNotice({ date: day.date, savedM: result.savedM, previous: changed ? previous : null, unfit });
        announce(
          [
            changed
              ? `${dayName} reordered: saved ${formatDistance(result.savedM)}.`
              : `${dayName} is already in the best order found.`,
            ...unfit,
          ].join(' '),
        );
      },
      onError: (error) => toast.error(errorText(error), { toastId: 'route-optimise-error' }),
    });
  };

  const undo = (done: OptimiseNotice, dayName: string) => {
    if (!done.previous) return;
    reorder.mutate(
      { date: done.date, itemIds: done.previous },
      {
        onSuccess: () => {
          setNotice(undefined);
          announce(`${dayName} is back in its previous order.`);
        },
        onError: (error) => toast.error(errorText(error), { toastId: 'route-undo-error' }),
      },
    );
  };

  const extras = (day: PlannerDay, dayName: string): ReactNode => {
    const stops = stopCount(day.items);
    if (stops < 2) return null;
    const legs = legsOfDay.get(day.date);
    const stale = !legs || [...legs.values()].some((leg) => leg === undefined);
    return (
      <>
        <DayRouteTotal day={byDate.get(day.date)} stale={stale} />
        {canEdit && (
          <OptimiseDay
            dayName={dayName}
            stops={stops}
            online={online}
            busy={(optimise.isPending && optimise.variables === day.date) || reorder.isPending}
            notice={notice?.date === day.date ? notice : undefined}
            onOptimise={() => runOptimise(day, dayName)}
            onUndo={(done) => undo(done, dayName)}
          />
        )}
      </>
    );
  };

  /** After a move made here: the saving no longer describes the day, and the legs are read again. */
  const afterMove = () => {
    setNotice(undefined);
    void refresh();
  };

  /** "Back at Casa Ana around 19:40" under a day that ends at its lodging. */
  const homeLine = (day: PlannerDay): ReactNode => {
    const home = backHomeAt(byDate.get(day.date), timelines);
    if (!home) return null;
    const { name, at } = home;
    return (
      <li
        data-testid="planner-day-home"
        className="flex items-center gap-1.5 px-1 text-xs text-slate-600 dark:text-slate-300"
      >
        <BedDouble aria-hidden="true" className="size-3.5 shrink-0" />
        {t`Back at ${name} around ${at}`}
      </li>
    );
  };

  return { renderBefore, extras, afterMove, timelines, homeLine };
}
