import { Trans, useLingui } from '@lingui/react/macro';
import type { SuggestionPlan } from '../api/get-suggestion-plan.ts';

/**
 * A ready-made plan's days: "Day 1 · Belém", each stop with the time the group gets there (the
 * place's own clock, as the planner will show it) and how long it stays.
 */
export function PlanDays({ plan }: { plan: SuggestionPlan }) {
  const { t } = useLingui();
  return (
    <ol className="flex flex-col gap-4" aria-label={t`The plan, day by day`}>
      {plan.days.map((day, index) => {
        const number = index + 1;
        const title = day.title;
        return (
          <li
            key={`${number}-${day.title}`}
            data-testid="plan-day"
            className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
          >
            <h3 className="text-base font-semibold">
              <Trans>
                Day {number}: {title}
              </Trans>
            </h3>
            <ol className="mt-2 flex flex-col gap-1.5">
              {day.stops.map((stop) => {
                const leave = stop.leave;
                return (
                  <li
                    key={stop.feature._id}
                    data-testid="plan-stop"
                    className="flex items-baseline gap-3 text-sm"
                  >
                    <span className="w-12 shrink-0 font-mono tabular-nums text-brand-800 dark:text-brand-300">
                      {stop.arrive}
                    </span>
                    <span className="min-w-0 flex-1 [overflow-wrap:anywhere]">{stop.feature.title}</span>
                    <span className="shrink-0 text-xs text-slate-600 dark:text-slate-400">
                      <Trans>until {leave}</Trans>
                    </span>
                  </li>
                );
              })}
            </ol>
          </li>
        );
      })}
    </ol>
  );
}
