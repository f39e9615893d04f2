import { Trans, useLingui } from '@lingui/react/macro';
import clsx from 'clsx';
import { CheckCircle2, Circle, MapPin } from 'lucide-react';
import { lazy, type ReactNode, Suspense } from 'react';
import { FallbackImage } from '../../../components/ui/fallback-image.tsx';
import type { Feature } from '../api/search-features.ts';
import { compressed, FEATURE_FALLBACK_IMAGE } from './fallback-image.ts';

interface FeatureCardProps {
  feature: Feature;
  /** Icons of the feature's categories (from the categories state). */
  icons: readonly { title: string; icon: string }[];
  picked: boolean;
  /** Picks/unpicks on click; without it the card is not interactive (e.g. a trip's features). */
  onToggle?: (feature: Feature) => void;
  /** One of the first cards, on screen at once: its image loads at once and first (PERF-07). */
  priority?: boolean;
  /**
   * A control laid over the image's top-right corner, outside the pick button (the screens pass
   * the wishlist heart, placed with `FEATURE_CARD_ACTION_CLASS`).
   */
  action?: ReactNode;
}

// The opening-hours library is large: its chunk loads only for a card with facts to show.
const FeatureFactsLine = lazy(() =>
  import('./feature-facts.tsx').then((module) => ({ default: module.FeatureFactsLine })),
);

/** Whether a feature has any fact its card shows (hours, a visit's length, a price). */
const hasFacts = (feature: Feature): boolean =>
  Boolean(
    feature.facts && (feature.facts.hours || feature.facts.durationMinutes || feature.facts.priceLevel),
  );

/** Where a card's `action` sits: over the top-right corner of the image. */
export const FEATURE_CARD_ACTION_CLASS = 'absolute top-3 right-3';

/** How many cards of a grid are `priority` cards: the first row on a wide screen. */
export const EAGER_FEATURE_IMAGES = 4;

/**
 * SPEC §2 feature card: title (with rank), address, image, category icons, description, and an
 * action slot the screens fill with the wishlist heart (WISHLIST-06).
 */
export function FeatureCard({
  feature,
  icons,
  picked,
  onToggle,
  priority = false,
  action,
}: FeatureCardProps) {
  const { t } = useLingui();
  const Body = onToggle ? 'button' : 'div';
  const src = feature.image.original ? compressed(feature.image.original) : FEATURE_FALLBACK_IMAGE;
  return (
    <article
      data-testid="feature-card"
      data-feature-id={feature._id}
      data-picked={picked}
      className={clsx(
        'relative flex flex-col overflow-hidden rounded-3xl bg-white shadow-sm transition dark:bg-slate-900',
        picked ? 'ring-4 ring-brand-500' : 'ring-1 ring-slate-200 dark:ring-slate-800',
      )}
    >
      <Body
        {...(onToggle
          ? {
              type: 'button' as const,
              'aria-pressed': picked,
              'aria-label': `${picked ? 'Unpick' : 'Pick'} ${feature.title}`,
              onClick: () => onToggle(feature),
            }
          : {})}
        className={clsx(
          'flex min-w-0 flex-1 flex-col text-left',
          onToggle &&
            'group cursor-pointer rounded-3xl focus-visible:ring-4 focus-visible:ring-brand-500 focus-visible:outline-none focus-visible:ring-inset',
        )}
      >
        <div className="relative aspect-square overflow-hidden">
          <FallbackImage
            src={src}
            fallback={FEATURE_FALLBACK_IMAGE}
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : 'auto'}
            className="size-full object-cover"
          />
          {picked ? (
            <span className="absolute top-3 left-3 flex items-center gap-1 rounded-full bg-brand-600 px-3 py-1 text-xs font-semibold text-white shadow">
              <CheckCircle2 aria-hidden="true" className="size-4" /> <Trans>picked</Trans>
            </span>
          ) : (
            onToggle && (
              // The affordance: an empty checkbox saying the card can be picked (the button's
              // name and aria-pressed carry the same for assistive technology).
              <span
                aria-hidden="true"
                data-testid="feature-pick-hint"
                className="absolute top-3 left-3 flex items-center gap-1 rounded-full bg-white/90 px-3 py-1 text-xs font-semibold text-slate-900 shadow transition group-hover:bg-white group-focus-visible:bg-white dark:bg-slate-900/90 dark:text-slate-100"
              >
                <Circle className="size-4" /> <Trans>Pick</Trans>
              </span>
            )
          )}
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-2 p-4">
          <h3
            data-testid="feature-title"
            title={feature.title}
            className="line-clamp-3 font-semibold tracking-tight [overflow-wrap:anywhere] hyphens-auto"
          >
            {feature.rank !== null && (
              <span className="mr-1 text-brand-700 dark:text-brand-400" data-testid="feature-rank">
                #{feature.rank}
              </span>
            )}
            {feature.title}
          </h3>
          <p className="flex min-w-0 items-start gap-1 text-xs text-slate-500 dark:text-slate-400">
            <MapPin aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
            <span className="min-w-0 [overflow-wrap:anywhere]">{feature.address}</span>
          </p>
          {icons.length > 0 && (
            <ul aria-label={t`categories`} className="flex gap-1 text-lg">
              {icons.map((entry) => (
                <li key={entry.title} title={entry.title}>
                  <span aria-hidden="true">{entry.icon}</span>
                  <span className="sr-only">{entry.title}</span>
                </li>
              ))}
            </ul>
          )}
          {hasFacts(feature) && (
            <Suspense fallback={null}>
              <FeatureFactsLine feature={feature} />
            </Suspense>
          )}
          <p className="text-sm [overflow-wrap:anywhere] text-slate-600 dark:text-slate-300">
            {feature.description}
          </p>
        </div>
      </Body>
      {action}
    </article>
  );
}
