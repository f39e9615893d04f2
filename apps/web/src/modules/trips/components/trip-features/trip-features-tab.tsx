import { ph, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { Feature, FeatureSearchResponse } from '@tripcrew/contracts/features';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Check, Plus, Trash2, X } from 'lucide-react';
import { type ReactNode, Suspense, useDeferredValue, useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '../../../../components/ui/button.tsx';
import { lazyOrNotKept } from '../../../../components/ui/not-kept-offline.tsx';
import type { PlaceCategory } from '../places/place-fields.tsx';
import { TripTabSection } from '../trip-tab-section.tsx';
import { useAddTripFeatures, useRemoveTripFeature, useTripFeatures } from '../../api/trip-features.ts';

export const ADD_PAGE_SIZE = 12;

// The trip's places of its own (with their form, contract and link reader) load apart, after the
// tab's feature cards.
const TripPlacesSection = lazyOrNotKept(() =>
  import('../places/trip-places-section.tsx').then((module) => module.TripPlacesSection),
);

export interface FeatureSelection {
  picked: boolean;
  onToggle: (feature: Feature) => void;
}

interface TripFeaturesTabProps {
  tripId: string;
  placeId: string;
  canEdit: boolean;
  /** The catalogue's categories a place of the trip's own may take (the route passes them in). */
  placeCategories: readonly PlaceCategory[];
  /** Renders one feature card (the route plugs in the features module's card). */
  /** `index`: the card's place in the trip's list (the first ones are on screen at once). */
  renderFeature: (feature: Feature, selection?: FeatureSelection, index?: number) => ReactNode;
  /** A page of the place's features (GET /core/features/search). */
  searchPlaceFeatures: (params: {
    placeId: string;
    skip: number;
    limit: number;
  }) => Promise<FeatureSearchResponse>;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : t`Something went wrong.`);

/**
 * TRIP-28: the trip's features as feature cards, with remove (editors) and an 'add features' panel;
 * below them, the trip's places of its own.
 */
export function TripFeaturesTab({
  tripId,
  placeId,
  canEdit,
  placeCategories,
  renderFeature,
  searchPlaceFeatures,
}: TripFeaturesTabProps) {
  const features = useTripFeatures(tripId);
  const remove = useRemoveTripFeature(tripId);
  const [adding, setAdding] = useState(false);

  // The cards are built in a transition (in slices, the page stays responsive), not in the update
  // that brings the answer (PERF-07); until then 'Loading features…' stays.
  const shown = useDeferredValue(features.data);
  const list = shown ?? [];
  const loading = features.isPending || (features.isSuccess && shown === undefined);
  const AddIcon = adding ? X : Plus;

  return (
    <div className="flex flex-col gap-10">
      <TripTabSection
        title={
          <>
            <Trans>Features</Trans>{' '}
            <span className="text-slate-500 dark:text-slate-400">({list.length})</span>
          </>
        }
        gap="gap-5"
        aside={
          canEdit && (
            <Button aria-expanded={adding} onClick={() => setAdding((value) => !value)} size="sm">
              <AddIcon aria-hidden="true" className="size-4" />
              {adding ? t`close` : t`add features`}
            </Button>
          )
        }
      >
        {canEdit && adding && (
          <AddFeaturesPanel
            tripId={tripId}
            placeId={placeId}
            inTrip={new Set(list.map((f) => f._id))}
            renderFeature={renderFeature}
            searchPlaceFeatures={searchPlaceFeatures}
          />
        )}
        {loading && (
          <p role="status">
            <Trans>Loading features…</Trans>
          </p>
        )}
        {features.isError && (
          <p role="alert">
            <Trans>The features of this trip could not be loaded.</Trans>
          </p>
        )}
        {features.isSuccess && shown !== undefined && list.length === 0 && (
          <p className="rounded-3xl bg-white p-6 text-center text-slate-600 shadow-sm dark:bg-slate-900 dark:text-slate-300">
            {canEdit
              ? t`No features in this trip yet. Use 'add features' to pick some.`
              : t`No features in this trip yet.`}
          </p>
        )}
        {list.length > 0 && (
          <ul
            data-testid="trip-features"
            className="grid grid-cols-1 gap-5 sm:grid-cols-2 md:grid-cols-3 xl:grid-cols-4"
          >
            {list.map((feature, index) => (
              <li key={feature._id} className="relative flex flex-col">
                {renderFeature(feature, undefined, index)}
                {canEdit && (
                  <button
                    type="button"
                    aria-label={t`Remove ${ph({ title: feature.title })} from the trip`}
                    disabled={remove.isPending && remove.variables === feature._id}
                    onClick={() =>
                      remove.mutate(feature._id, {
                        onError: (error) => toast.error(errorText(error), { toastId: 'trip-feature-remove' }),
                      })
                    }
                    className="absolute top-3 left-3 z-10 rounded-full bg-white/90 p-2 text-red-600 shadow transition hover:bg-white disabled:opacity-50 dark:bg-slate-900/90"
                  >
                    <Trash2 aria-hidden="true" className="size-5" />
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </TripTabSection>
      <Suspense
        fallback={
          <p role="status">
            <Trans>Loading your places…</Trans>
          </p>
        }
      >
        <TripPlacesSection tripId={tripId} canEdit={canEdit} categories={placeCategories} />
      </Suspense>
    </div>
  );
}

interface AddFeaturesPanelProps {
  tripId: string;
  placeId: string;
  inTrip: ReadonlySet<string>;
  renderFeature: TripFeaturesTabProps['renderFeature'];
  searchPlaceFeatures: TripFeaturesTabProps['searchPlaceFeatures'];
}

/** Lists the trip place's features (paged) to pick and add with POST /core/trips/{id}/features. */
function AddFeaturesPanel({
  tripId,
  placeId,
  inTrip,
  renderFeature,
  searchPlaceFeatures,
}: AddFeaturesPanelProps) {
  const [selected, setSelected] = useState<string[]>([]);
  const add = useAddTripFeatures(tripId);
  const pages = useInfiniteQuery({
    queryKey: ['trips', 'place-features', placeId],
    initialPageParam: 0,
    queryFn: ({ pageParam }) => searchPlaceFeatures({ placeId, skip: pageParam, limit: ADD_PAGE_SIZE }),
    getNextPageParam: (last, all) => {
      const loaded = all.reduce((sum, page) => sum + page.data.length, 0);
      return loaded < last.total && last.data.length > 0 ? loaded : undefined;
    },
  });
  const candidates = (pages.data?.pages ?? []).flatMap((page) => page.data).filter((f) => !inTrip.has(f._id));

  const toggle = (feature: Feature) =>
    setSelected((current) =>
      current.includes(feature._id) ? current.filter((id) => id !== feature._id) : [...current, feature._id],
    );

  const submit = () => {
    if (selected.length === 0) return;
    add.mutate(selected, {
      onSuccess: () => setSelected([]),
      onError: (error) => toast.error(errorText(error), { toastId: 'trip-feature-add' }),
    });
  };

  return (
    <section
      aria-labelledby="add-features-title"
      className="flex flex-col gap-4 rounded-3xl bg-brand-50 p-4 ring-1 ring-brand-100 sm:p-6 dark:bg-slate-900 dark:ring-slate-800"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id="add-features-title" className="font-semibold">
          <Trans>Add features of this place</Trans>
        </h3>
        <Button disabled={selected.length === 0 || add.isPending} onClick={submit} size="sm">
          <Check aria-hidden="true" className="size-4" />
          {add.isPending ? t`Adding…` : t`Add ${ph({ count: selected.length })} to the trip`}
        </Button>
      </div>
      {pages.isPending && (
        <p role="status">
          <Trans>Loading the place's features…</Trans>
        </p>
      )}
      {pages.isError && (
        <p role="alert">
          <Trans>The features of this place could not be loaded.</Trans>
        </p>
      )}
      {pages.isSuccess && candidates.length === 0 && !pages.hasNextPage && (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          <Trans>Every feature of this place is already in the trip.</Trans>
        </p>
      )}
      {candidates.length > 0 && (
        <ul
          data-testid="add-features-list"
          className="grid grid-cols-1 gap-5 sm:grid-cols-2 md:grid-cols-3 xl:grid-cols-4"
        >
          {candidates.map((feature) => (
            <li key={feature._id} className="flex flex-col">
              {renderFeature(feature, { picked: selected.includes(feature._id), onToggle: toggle })}
            </li>
          ))}
        </ul>
      )}
      {pages.hasNextPage && (
        <button
          type="button"
          onClick={() => void pages.fetchNextPage()}
          disabled={pages.isFetchingNextPage}
          className="self-center rounded-full border border-brand-300 bg-white px-5 py-2 text-sm font-semibold text-brand-800 transition hover:border-brand-500 disabled:opacity-60 dark:bg-slate-950 dark:text-brand-300"
        >
          {pages.isFetchingNextPage ? t`Loading…` : t`Load more`}
        </button>
      )}
    </section>
  );
}
