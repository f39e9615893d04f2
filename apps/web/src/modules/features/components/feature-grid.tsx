import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowUp } from 'lucide-react';
import type { ReactNode } from 'react';
import { toast } from 'react-toastify';
import { EmojiLoader } from '../../../components/ui/emoji-loader.tsx';
import type { Feature } from '../api/search-features.ts';
import { EAGER_FEATURE_IMAGES, FeatureCard } from './feature-card.tsx';
import { usePickedFeatures } from './picked-features.ts';
import { useFeatureFeed } from './use-feature-feed.ts';

interface FeatureGridProps {
  placeId: string | null | undefined;
  /** Category filter from the page query string. */
  categoryFilter: readonly string[];
  /** Icons of a feature's categories (composed by the route from the categories state). */
  iconsFor: (categoryIds: readonly string[]) => readonly { title: string; icon: string }[];
  /** A card's action (the route passes the wishlist heart), see FeatureCard's `action`. */
  renderAction?: (feature: Feature) => ReactNode;
}

/** The place screen's infinite grid (1/2/3/4 columns at base/sm/md/xl) with its 'total: N' footer. */
export function FeatureGrid({ placeId, categoryFilter, iconsFor, renderAction }: FeatureGridProps) {
  const { t } = useLingui();
  // The cards on screen; `loading` until a page's cards are built (PERF-07, see useFeatureFeed).
  const { features, loading, total } = useFeatureFeed(placeId, categoryFilter);
  const { picked, toggle } = usePickedFeatures(placeId);

  const onToggle = (featureId: string) => {
    try {
      toggle(featureId);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <section aria-labelledby="feature-grid-title" className="flex flex-col gap-6">
      {/* The cards' titles are h3: this heading keeps the outline in order (h1 place, h2, h3). */}
      <h2 id="feature-grid-title" className="sr-only">
        <Trans>Features</Trans>
      </h2>
      <ul
        data-testid="feature-grid"
        className="grid grid-cols-1 gap-5 sm:grid-cols-2 md:grid-cols-3 xl:grid-cols-4"
      >
        {features.map((feature, index) => (
          <li key={feature._id} className="flex">
            <FeatureCard
              feature={feature}
              priority={index < EAGER_FEATURE_IMAGES}
              icons={iconsFor(feature.categoryId)}
              picked={picked.includes(feature._id)}
              onToggle={() => onToggle(feature._id)}
              action={renderAction?.(feature)}
            />
          </li>
        ))}
      </ul>
      {loading && <EmojiLoader label={t`Loading features…`} />}
      {/* Not before the first page: it would sit under the loader and jump down (layout shift). */}
      {(!loading || features.length > 0) && (
        <div
          data-testid="features-footer"
          className="flex items-center justify-between border-t border-slate-200 pt-4 text-sm dark:border-slate-800"
        >
          <span data-testid="features-total">
            <Trans>total:</Trans> {Math.max(total, 0)}
          </span>
          <button
            type="button"
            onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
            className="flex items-center gap-1 rounded-full px-3 py-1.5 font-medium text-brand-700 hover:bg-brand-50 dark:text-brand-300 dark:hover:bg-brand-950"
          >
            <ArrowUp aria-hidden="true" className="size-4" /> <Trans>jump up</Trans>
          </button>
        </div>
      )}
    </section>
  );
}
