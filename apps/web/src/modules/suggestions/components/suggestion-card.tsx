import { ph } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Maximize2 } from 'lucide-react';
import { Link } from 'react-router';
import { FallbackImage } from '../../../components/ui/fallback-image.tsx';
import type { Suggestion } from '../api/get-suggestions.ts';
import { SUGGESTION_FALLBACK_IMAGE } from './fallback-image.ts';
import { splitIcons } from './split-icons.ts';

/** Seconds between two cards appearing (HOME-02: each later than the one before). */
export const SUGGESTION_STAGGER_S = 0.08;

/** The first cards are on screen at once: their images load at once, ahead of the rest (PERF-07). */
export const EAGER_SUGGESTION_IMAGES = 3;

interface SuggestionCardProps {
  suggestion: Suggestion;
  index: number;
  /** Opens the suggestion's place page. */
  onOpen: (suggestion: Suggestion) => void;
}

export function SuggestionCard({ suggestion, index, onOpen }: SuggestionCardProps) {
  const { t } = useLingui();
  const delay = index * SUGGESTION_STAGGER_S;
  const animationDelay = `${delay}s`;
  return (
    // CSS animations (compositor only): no animation library in the home chunk (PERF-07). The card
    // moves and only its picture fades, so the text keeps its full contrast throughout (PERF-07).
    <article
      data-testid="suggestion-card"
      data-delay={delay}
      style={{ animationDelay }}
      className="group relative flex animate-rise-in flex-col overflow-hidden rounded-3xl bg-white shadow-sm ring-1 ring-slate-200 motion-reduce:animate-none dark:bg-slate-900 dark:ring-slate-800"
    >
      <div className="relative aspect-[4/3] overflow-hidden">
        <FallbackImage
          src={suggestion.image.trim() !== '' ? suggestion.image : SUGGESTION_FALLBACK_IMAGE}
          fallback={SUGGESTION_FALLBACK_IMAGE}
          loading={index < EAGER_SUGGESTION_IMAGES ? 'eager' : 'lazy'}
          fetchPriority={index < EAGER_SUGGESTION_IMAGES ? 'high' : 'auto'}
          style={{ animationDelay }}
          className="size-full animate-picture-in object-cover transition duration-500 group-hover:scale-105 motion-reduce:animate-none"
        />
        <button
          type="button"
          onClick={() => onOpen(suggestion)}
          aria-label={t`Open ${ph({ title: suggestion.title })} fullscreen`}
          className="absolute top-3 right-3 rounded-full bg-white/90 p-2 text-slate-800 shadow transition hover:bg-white dark:bg-slate-900/90 dark:text-slate-100"
        >
          <Maximize2 aria-hidden="true" className="size-4" />
        </button>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 className="text-lg font-semibold tracking-tight [overflow-wrap:anywhere]">{suggestion.title}</h3>
        <p className="text-sm text-slate-600 dark:text-slate-400">{suggestion.description}</p>
        <p className="mt-auto text-sm font-medium">
          <Link
            to={`/plans/${encodeURIComponent(suggestion._id)}`}
            data-testid="suggestion-plan-link"
            className="inline-flex min-h-11 items-center gap-1 text-brand-700 underline decoration-brand-300 underline-offset-2 hover:underline focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:text-brand-400"
          >
            <Trans>our trip-plan for</Trans> <span data-testid="suggestion-days">{suggestion.days}</span>{' '}
            {suggestion.days === 1 ? t`day` : t`days`}
          </Link>
        </p>
        <ul aria-label={t`icons`} className="flex flex-wrap gap-1 text-xl">
          {splitIcons(suggestion.icons).map((icon, position) => (
            <li key={`${icon}-${position}`} data-testid="suggestion-icon">
              {icon}
            </li>
          ))}
        </ul>
      </div>
    </article>
  );
}
