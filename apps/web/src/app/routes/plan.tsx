import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { DateField } from '../../components/ui/date-field.tsx';
import { EmojiLoader } from '../../components/ui/emoji-loader.tsx';
import { QueryError } from '../../components/ui/query-error.tsx';
import { ReadingPage } from '../../components/ui/reading-page.tsx';
import { toIsoDate } from '../../lib/dates.ts';
import { formatCardDate } from '../../lib/format/dates.ts';
import { placePath } from '../../lib/place-path.ts';
import { withReturnTo } from '../../lib/return-to.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useMyCrew } from '../../modules/crew/api/get-my-crew.ts';
import { type SuggestionPlan, useSuggestionPlan } from '../../modules/suggestions/api/get-suggestion-plan.ts';
import {
  addDays,
  firstStartOnOrAfter,
  startDaysWords,
  weekdayOf,
} from '../../modules/suggestions/components/plan-dates.ts';
import { PlanDays } from '../../modules/suggestions/components/plan-days.tsx';
import { useCreateTrip } from '../../modules/trips/api/create-trip.ts';
import { CrewSelector } from '../../modules/trips/components/trip-option-bar/crew-selector.tsx';
import { selectIsAuthenticated } from '../../modules/users/state/user-slice.ts';
import { useAppSelector } from '../store/store.ts';

/** /plans/:id: a home suggestion's ready-made plan, and "Use this plan" (issue 37, decision 042). */
export function PlanPage() {
  const { t } = useLingui();
  const { id = '' } = useParams();
  const { data, isPending, isError, refetch, isFetching } = useSuggestionPlan(id);
  useDocumentTitle(data?.suggestion.title ?? t`Ready-made plan`);
  const placeTitle = data?.suggestion.place.title;
  return (
    <ReadingPage
      titleId="plan-title"
      eyebrow={<Trans>Ready-made plan</Trans>}
      title={data?.suggestion.title ?? <Trans>Ready-made plan</Trans>}
      layout="wide"
    >
      {isPending && (
        <div className="py-16">
          <EmojiLoader label={t`Loading the plan…`} size="lg" showLabel />
        </div>
      )}
      {isError && (
        <QueryError
          query={{ refetch, isFetching }}
          className="mx-auto mt-10 max-w-md"
          message={t`We could not load this plan.`}
          hint={t`Check your connection and try again.`}
        />
      )}
      {data && placeTitle && (
        <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <div className="flex flex-col gap-4">
            <p className="leading-relaxed text-slate-600 dark:text-slate-300">
              {data.suggestion.description}
            </p>
            <p className="text-sm">
              <Link
                to={placePath(data.suggestion.place)}
                className="font-semibold text-brand-800 underline-offset-2 hover:underline dark:text-brand-300"
              >
                <Trans>Everything to see in {placeTitle}</Trans>
              </Link>
            </p>
            <PlanDays plan={data} />
          </div>
          <UsePlan plan={data} />
        </div>
      )}
    </ReadingPage>
  );
}

/** Dates (the next start the plan fits by default), companions, and one call that makes the trip. */
function UsePlan({ plan }: { plan: SuggestionPlan }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const location = useLocation();
  const signedIn = useAppSelector(selectIsAuthenticated);
  const crew = useMyCrew(signedIn);
  const creation = useCreateTrip();
  const [start, setStart] = useState(() =>
    firstStartOnOrAfter(addDays(toIsoDate(new Date()), 1), plan.startDays),
  );
  const [members, setMembers] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const end = start === '' ? '' : addDays(start, plan.days.length - 1);
  const endShown = end === '' ? '' : formatCardDate(end);
  const fits = start !== '' && plan.startDays.includes(weekdayOf(start));
  const fitWords = startDaysWords(plan.startDays);

  const use = () => {
    if (!signedIn) {
      void navigate(withReturnTo('/auth', `${location.pathname}${location.search}`, 'trip-create'));
      return;
    }
    if (start === '') return setProblem(t`Choose the day the trip starts.`);
    setProblem(null);
    creation.mutate(
      {
        placeId: plan.suggestion.place._id,
        startDate: start,
        endDate: end,
        transportMode: plan.transport,
        members,
        plan: plan.days.map((day) => ({ start: day.start, featureIds: day.stops.map((s) => s.feature._id) })),
      },
      {
        onSuccess: (created) => void navigate(`/trips/${encodeURIComponent(created._id)}`),
        onError: (error) =>
          setProblem(error instanceof Error ? error.message : t`The trip could not be made.`),
      },
    );
  };

  return (
    <aside
      aria-labelledby="use-plan-title"
      className="flex h-fit flex-col gap-4 rounded-3xl bg-brand-50 p-5 ring-1 ring-brand-200 lg:sticky lg:top-24 dark:bg-slate-900 dark:ring-slate-700"
    >
      <h2 id="use-plan-title" className="text-lg font-bold">
        <Trans>Use this plan</Trans>
      </h2>
      <div className="flex flex-col gap-1">
        <label htmlFor="plan-start" className="text-sm font-semibold">
          <Trans>First day</Trans>
        </label>
        <DateField
          id="plan-start"
          value={start}
          min={toIsoDate(new Date())}
          onChange={setStart}
          aria-describedby="plan-start-hint"
          className="min-h-11 w-44 rounded-xl border border-slate-300 bg-white px-3 text-sm dark:border-slate-600 dark:bg-slate-950"
        />
        <p id="plan-start-hint" className="text-xs text-slate-600 dark:text-slate-300">
          {endShown !== '' && <Trans>Until {endShown}.</Trans>}{' '}
          <Trans>Every stop is open when you get there on a start on {fitWords}.</Trans>
        </p>
        {start !== '' && !fits && (
          <p
            data-testid="plan-start-warning"
            className="text-xs font-medium text-amber-800 dark:text-amber-300"
          >
            <Trans>On this start some stops are closed on their day: the planner will show which.</Trans>
          </p>
        )}
      </div>
      {signedIn && (
        <div className="flex flex-col gap-1">
          <span className="text-sm font-semibold">
            <Trans>Who comes along</Trans>
          </span>
          <CrewSelector
            crew={crew}
            selected={members}
            onAdd={(userId) => setMembers((now) => [...now, userId])}
            onRemove={(userId) => setMembers((now) => now.filter((other) => other !== userId))}
          />
        </div>
      )}
      {problem && (
        <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
          {problem}
        </p>
      )}
      <Button type="button" onClick={use} disabled={creation.isPending} className="min-h-11">
        {!signedIn
          ? t`Sign in to use this plan`
          : creation.isPending
            ? t`Making the trip…`
            : t`Use this plan`}
      </Button>
    </aside>
  );
}
