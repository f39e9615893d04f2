import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useEffect, type ReactNode } from 'react';
import { toast } from 'react-toastify';
import { useSuggestions, type Suggestion } from '../api/get-suggestions.ts';
import { SuggestionCard } from './suggestion-card.tsx';
import { i18n } from '../../../lib/i18n/i18n.ts';

export const SUGGESTIONS_ERROR = msg`Error fetching suggestions`;
export const SUGGESTIONS_ERROR_TOAST_ID = 'suggestions-error';

interface SuggestionsListProps {
  onOpen: (suggestion: Suggestion) => void;
  /** Tile shown before the cards (the 'upcoming trips' tile). */
  leading?: ReactNode;
  /** Tile shown after the cards (the ad tile). */
  trailing?: ReactNode;
}

/** 'suggestions for you:' — the cards of GET /core/suggestions (cached GET), animating in staggered. */
export function SuggestionsList({ onOpen, leading, trailing }: SuggestionsListProps) {
  const { data, isError } = useSuggestions();

  useEffect(() => {
    if (isError) toast.error(i18n._(SUGGESTIONS_ERROR), { toastId: SUGGESTIONS_ERROR_TOAST_ID });
  }, [isError]);

  return (
    <section aria-labelledby="suggestions-title" className="flex flex-col gap-4">
      <h2 id="suggestions-title" className="text-2xl font-bold tracking-tight">
        <Trans>suggestions for you:</Trans>
      </h2>
      <div
        data-testid="suggestions-grid"
        className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
      >
        {leading}
        {(data ?? []).map((suggestion, index) => (
          <SuggestionCard key={suggestion._id} suggestion={suggestion} index={index} onOpen={onOpen} />
        ))}
        {trailing}
      </div>
    </section>
  );
}
