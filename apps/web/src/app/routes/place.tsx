import { Trans, useLingui } from '@lingui/react/macro';
import { Plus } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { Button } from '../../components/ui/button.tsx';
import { FullScreenLoader } from '../../components/ui/emoji-loader.tsx';
import { isNetworkError, NETWORK_ERROR_MESSAGE } from '../../lib/api-client.ts';
import { placeSearchFromRoute } from '../../lib/place-path.ts';
import { withReturnTo } from '../../lib/return-to.ts';
import { categoryIcons, useCategories } from '../../modules/categories/api/use-categories.ts';
import { FEATURE_CARD_ACTION_CLASS } from '../../modules/features/components/feature-card.tsx';
import { FeatureGrid } from '../../modules/features/components/feature-grid.tsx';
import { FeatureMapToggle } from '../../modules/features/components/feature-map-toggle.tsx';
import {
  featureIdOf,
  markChosenCard,
  setMapHighlight,
} from '../../modules/features/components/feature-map-highlight.ts';
import {
  clearPicked,
  togglePicked,
  usePickedFeatures,
} from '../../modules/features/components/picked-features.ts';
import { prefersReducedMotion } from '../../components/map/map-preferences.ts';
import { usePlace } from '../../modules/places/api/get-place.ts';
import { useSearchPlace } from '../../modules/places/api/search-place.ts';
import { PlaceHero } from '../../modules/places/components/place-hero.tsx';
import { useCreateTrip } from '../../modules/trips/api/create-trip.ts';
import { selectTripDraft, setLocation } from '../../modules/trips/state/trip-draft-slice.ts';
import { selectIsAuthenticated } from '../../modules/users/state/user-slice.ts';
import { WishlistHeart } from '../../modules/wishlist/components/wishlist-heart.tsx';
import { useAppDispatch, useAppSelector } from '../store/store.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { i18n } from '../../lib/i18n/i18n.ts';

/** /place/:country/:type[/:region[/:place]] (?place=id): hero, infinite feature grid, 'Trip create'. */
export function PlacePage() {
  const { t } = useLingui();
  const params = useParams();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const isAuthenticated = useAppSelector(selectIsAuthenticated);
  const categories = useCategories();

  const placeId = searchParams.get('place');
  const routeSearch = useMemo(
    () =>
      placeId
        ? null
        : placeSearchFromRoute({
            country: params.country,
            type: params.type,
            region: params.region,
            place: params.place,
          }),
    [placeId, params.country, params.type, params.region, params.place],
  );
  const byId = usePlace(placeId);
  const bySearch = useSearchPlace(routeSearch);

  useEffect(() => {
    if (bySearch.error) toast.error(bySearch.error.message, { toastId: 'place-search-error' });
  }, [bySearch.error]);

  const place = placeId ? (byId.data ?? undefined) : bySearch.data;
  const loading = placeId ? byId.isPending : routeSearch !== null && bySearch.isPending;
  useDocumentTitle(place ? place.title : loading ? null : t`Place not found`);

  // The trip draft's place follows the place on screen, however the user got here (search, a
  // suggestion, a shared link). Set once the page is current, so the URL sync writes to this page.
  const dispatch = useAppDispatch();
  const draftPlaceId = useAppSelector((state) => state.nextTrip.placeId);
  useEffect(() => {
    if (place && draftPlaceId !== place._id) dispatch(setLocation(place._id));
  }, [place, draftPlaceId, dispatch]);
  const filterParam = searchParams.get('categories');
  const categoryFilter = useMemo(
    () =>
      (filterParam ?? '')
        .split(',')
        .map((title) => title.trim())
        .filter((title) => title !== ''),
    [filterParam],
  );

  const draft = useAppSelector(selectTripDraft);
  const { picked } = usePickedFeatures(place?._id);
  const creation = useCreateTrip();

  // The map and the cards: a hovered or focused card marks its pin; a chosen pin shows its card.
  const gridRef = useRef<HTMLDivElement>(null);
  const placeKey = place?._id;
  const showCard = useCallback((featureId: string) => {
    const card = markChosenCard(gridRef.current, featureId);
    if (!card) return false;
    card.scrollIntoView({ block: 'center', behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
    return true;
  }, []);
  const togglePick = useCallback(
    (featureId: string) => {
      try {
        togglePicked(placeKey, featureId);
      } catch (error) {
        toast.error(error instanceof Error ? error.message : String(error));
      }
    },
    [placeKey],
  );
  useEffect(() => () => setMapHighlight(null), []);

  // TRIP-17/18: visitors go to /auth; no POST without a loaded place; a failure is logged only.
  const createTrip = () => {
    if (!isAuthenticated) {
      // Says why, and comes back here (picks and draft in the URL and storage) after signing in.
      void navigate(withReturnTo('/auth', `${location.pathname}${location.search}`, 'trip-create'));
      return;
    }
    if (!place || creation.isPending) return;
    const bothDates = draft.start !== '' && draft.end !== '';
    creation.mutate(
      {
        placeId: place._id,
        startDate: bothDates ? draft.start : null,
        endDate: bothDates ? draft.end : null,
        transportMode: draft.transportMode,
        featureIds: [...picked],
        categories: [...draft.categories],
        members: [...draft.crew],
      },
      {
        onSuccess: (created) => {
          if (!created._id) return;
          // The picks are in the trip now: the place starts fresh next time.
          clearPicked(place._id);
          void navigate(`/trips/${encodeURIComponent(created._id)}`);
        },
        onError: (error) => {
          console.error('Trip creation failed', error);
          // SPEC §8 logs a failed creation only; without network the user is told why.
          if (isNetworkError(error))
            toast.error(i18n._(NETWORK_ERROR_MESSAGE), { toastId: 'trip-create-offline' });
        },
      },
    );
  };

  return (
    <div className="flex flex-col gap-8">
      {loading && <FullScreenLoader label={t`Loading place…`} />}
      {place && <PlaceHero place={place} />}
      {!loading && !place && (
        <section className="rounded-3xl bg-white p-8 text-center text-slate-600 shadow-sm dark:bg-slate-900 dark:text-slate-300">
          <h1 className="text-2xl font-bold text-slate-900 dark:text-white">
            <Trans>Explore this place</Trans>
          </h1>
          <p className="mt-2">
            <Trans>We could not find this place.</Trans>
          </p>
        </section>
      )}
      {place && (
        <FeatureMapToggle
          placeId={place._id}
          placeTitle={place.title}
          categories={categoryFilter}
          categoryList={categories}
          center={place.coordinates}
          picked={picked}
          onSelect={showCard}
          onTogglePick={togglePick}
        />
      )}
      {/* Below the hero, once the place is known: nothing above it moves in later (layout shift). */}
      {place && (
        <div
          ref={gridRef}
          onPointerOver={(event) => setMapHighlight(featureIdOf(event.target))}
          onPointerLeave={() => setMapHighlight(null)}
          onFocus={(event) => setMapHighlight(featureIdOf(event.target))}
          onBlur={() => setMapHighlight(null)}
          className="[&_[data-highlighted=true]]:outline-4 [&_[data-highlighted=true]]:outline-offset-4 [&_[data-highlighted=true]]:outline-amber-500"
        >
          <FeatureGrid
            placeId={place._id}
            categoryFilter={categoryFilter}
            iconsFor={(ids) => categoryIcons(categories, ids)}
            renderAction={(feature) => (
              <WishlistHeart
                featureId={feature._id}
                title={feature.title}
                className={FEATURE_CARD_ACTION_CLASS}
              />
            )}
          />
        </div>
      )}
      {/* Docked: it floats at the bottom while the grid scrolls by and comes to rest below the
          grid, so it never covers the last cards or the footer. Only for a place that exists. */}
      {place && (
        <Button
          onClick={createTrip}
          aria-busy={creation.isPending || undefined}
          size="lg"
          data-testid="trip-create"
          className="sticky bottom-6 z-30 self-center shadow-xl!"
        >
          <Plus aria-hidden="true" className="size-5" /> <Trans>Trip create</Trans>
        </Button>
      )}
    </div>
  );
}
