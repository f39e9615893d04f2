import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Megaphone } from 'lucide-react';
import { startTransition, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { placePath } from '../../lib/place-path.ts';
import { type Suggestion, useSuggestions } from '../../modules/suggestions/api/get-suggestions.ts';
import { SuggestionsList } from '../../modules/suggestions/components/suggestions-list.tsx';
import { UpcomingTripsTile } from '../../modules/trips/components/upcoming/upcoming-trips-tile.tsx';
import { selectIsAuthenticated } from '../../modules/users/state/user-slice.ts';
import { useAppSelector } from '../store/store.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { i18n } from '../../lib/i18n/i18n.ts';

export const HOME_TITLE = msg`let's plan your trip`;
/** SPEC §4/§9: the title phase lasts 1.5 s, then the suggestions show. */
export const TITLE_PHASE_MS = 1500;

type HomePhase = 'title' | 'suggestions';

function AdTile() {
  const { t } = useLingui();
  return (
    <aside
      data-testid="ad-tile"
      aria-label={t`advertisement`}
      className="flex flex-col justify-between gap-4 rounded-3xl border-2 border-dashed border-orange-300 bg-orange-50 p-6 text-orange-900 dark:border-orange-700 dark:bg-orange-950/40 dark:text-orange-200"
    >
      <Megaphone aria-hidden="true" className="size-8" />
      <div>
        <p className="text-xs font-semibold tracking-widest uppercase">
          <Trans>ad</Trans>
        </p>
        <p className="mt-1 text-lg font-semibold">
          <Trans>Travel light, plan together — Tripcrew.</Trans>
        </p>
      </div>
    </aside>
  );
}

/** /: the title phase for 1.5 s, then 'suggestions for you:' (SPEC §2 Home, §4 home workspace). */
export function HomePage() {
  useDocumentTitle(null);
  const [phase, setPhase] = useState<HomePhase>('title');
  const navigate = useNavigate();
  const signedIn = useAppSelector(selectIsAuthenticated);
  // Start loading during the title phase (the list below shares the same query).
  useSuggestions();

  useEffect(() => {
    // A transition: the cards are built in slices, the page stays responsive meanwhile.
    const timer = setTimeout(() => startTransition(() => setPhase('suggestions')), TITLE_PHASE_MS);
    return () => clearTimeout(timer);
  }, []);

  const open = (suggestion: Suggestion) => {
    void navigate(placePath(suggestion.place));
  };

  return (
    <>
      {phase === 'title' ? (
        <section
          key="title"
          aria-labelledby="home-title"
          className="flex min-h-[50vh] animate-fade-in items-center justify-center motion-reduce:animate-none"
        >
          <h1
            id="home-title"
            className="text-center text-4xl font-extrabold tracking-tight text-brand-800 sm:text-6xl dark:text-brand-300"
          >
            {i18n._(HOME_TITLE)}
          </h1>
          <p className="sr-only">
            <Trans>Suggestions for your next trip are on their way.</Trans>
          </p>
        </section>
      ) : (
        // No fade here: the cards rise in, staggered, and no text is ever shown faded (PERF-07).
        <div key="suggestions">
          <h1 className="sr-only">{i18n._(HOME_TITLE)}</h1>
          <SuggestionsList
            onOpen={open}
            leading={<UpcomingTripsTile signedIn={signedIn} />}
            trailing={<AdTile />}
          />
        </div>
      )}
    </>
  );
}
