import { msg, ph } from '@lingui/core/macro';
import { i18n, type MessageDescriptor } from '../../lib/i18n/i18n.ts';
import type { ExpenseCategory } from '@tripcrew/contracts/expenses';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import type { Feature } from '@tripcrew/contracts/features';
import { MapPinOff } from 'lucide-react';
import { Suspense, useDeferredValue, useEffect } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { buttonClass } from '../../components/ui/button.tsx';
import { EmojiLoader } from '../../components/ui/emoji-loader.tsx';
import { lazyOrNotKept } from '../../components/ui/not-kept-offline.tsx';
import { QueryError } from '../../components/ui/query-error.tsx';
import { type TabItem, Tabs } from '../../components/ui/tabs.tsx';
import { useMyCrew } from '../../modules/crew/api/get-my-crew.ts';
import { useBalances } from '../../modules/expenses/api/expense-balances-query.ts';
import { CATEGORY_LABELS } from '../../modules/expenses/components/money-ui.ts';
import { categoryIcons, useCategories } from '../../modules/categories/api/use-categories.ts';
import { searchFeatures } from '../../modules/features/api/search-features.ts';
import {
  EAGER_FEATURE_IMAGES,
  FEATURE_CARD_ACTION_CLASS,
  FeatureCard,
} from '../../modules/features/components/feature-card.tsx';
import { usePlace } from '../../modules/places/api/get-place.ts';
import { placeMapView } from '../../modules/places/components/place-map-view.ts';
import { isNotFound, useTrip } from '../../modules/trips/api/get-trip.ts';
import { tripFeaturesQueryOptions } from '../../modules/trips/api/trip-features.ts';
import { ChecklistTab } from '../../modules/trips/components/checklist/checklist-tab.tsx';
import { TripHeader } from '../../modules/trips/components/trip-detail/trip-header.tsx';
import {
  DEFAULT_TRIP_TAB,
  type TripTab,
  tabOf,
} from '../../modules/trips/components/trip-detail/trip-tab.ts';
import {
  type FeatureSelection,
  TripFeaturesTab,
} from '../../modules/trips/components/trip-features/trip-features-tab.tsx';
import { tripPermissions } from '../../modules/trips/components/trip-roles.ts';
import { selectUser } from '../../modules/users/state/user-slice.ts';
import { useTravelChecklist } from '../../modules/vocabulary/api/get-travel-checklist.ts';
import { WishlistHeart } from '../../modules/wishlist/components/wishlist-heart.tsx';
import { useAppSelector } from '../store/store.ts';
import { TripChatUnreadBadge } from '../../modules/chats/components/trip-chat-unread-badge.tsx';
import { LazyTripChat } from './lazy-chats.tsx';
import { SHOWN_EXPENSE_PARAM } from './trip-money-links.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

// The planner (with its drag and drop) loads when its tab opens: the features tab comes first
// (PERF-07: less script to run before the trip screen answers).
const PlannerTab = lazyOrNotKept(() =>
  import('../../modules/trips/components/planner/planner-tab.tsx').then((module) => module.PlannerTab),
);

// The planner beside its map (a toggle below 1024 px): the layout's chunk is small, MapLibre loads
// only once the map is shown.
const PlannerMapLayout = lazyOrNotKept(() =>
  import('../../modules/trips/components/trip-map/planner-map-layout.tsx').then(
    (module) => module.PlannerMapLayout,
  ),
);

// The trip's bookings (flights, hotel, tickets), with their form, import and money, load when their tab opens.
const BookingsTab = lazyOrNotKept(() =>
  import('./trip-bookings-money.tsx').then((module) => module.TripBookingsTab),
);
const MembersTab = lazyOrNotKept(() =>
  import('../../modules/trips/components/members/members-tab.tsx').then((module) => module.MembersTab),
);
const BudgetTab = lazyOrNotKept(() =>
  import('./trip-budget-bookings.tsx').then((module) => module.TripBudgetTab),
);
const SharedPackingList = lazyOrNotKept(() =>
  import('../../modules/trips/components/packing/shared-packing-list.tsx').then(
    (module) => module.SharedPackingList,
  ),
);
// The trip's history (decision 035), with its contract, loads when its tab opens.
const HistoryTab = lazyOrNotKept(() =>
  import('../../modules/trips/components/history/history-tab.tsx').then((module) => module.HistoryTab),
);

const TAB_LABELS = {
  checklist: msg`checklist`,
  planner: msg`planner`,
  bookings: msg`bookings`,
  features: msg`features`,
  members: msg`members`,
  budget: msg`budget`,
  chat: msg`chat`,
  history: msg`history`,
} as const;

/** The trip page's tabs, in order, with their labels in the active language. */
export const tripTabs = (): readonly TabItem<TripTab>[] =>
  (Object.keys(TAB_LABELS) as TripTab[]).map((id) => ({ id, label: i18n._(TAB_LABELS[id]) }));
export const TRIP_NOT_FOUND = msg`trip not found`;

/** The chat tab with its unread count, as the header's Messages entry has one. */
const withChatBadge = (tabs: readonly TabItem<TripTab>[], tripId: string): TabItem<TripTab>[] =>
  tabs.map((item) =>
    item.id === 'chat'
      ? {
          ...item,
          label: (
            <>
              {item.label}
              <TripChatUnreadBadge tripId={tripId} />
            </>
          ),
        }
      : item,
  );

/** /trips/:id: trip detail (SPEC §2, TRIP-20..28, PLANNER-05..08, CHECKLIST-01..04). Protected. */
export function TripDetailPage() {
  const { t } = useLingui();
  const { id = '' } = useParams();
  const trip = useTrip(id);
  // The default tab's cards: asked for together with the trip, not once the trip is on screen.
  const [searchParams] = useSearchParams();
  const opensOnFeatures = tabOf(searchParams) === 'features';
  const queryClient = useQueryClient();
  useEffect(() => {
    if (opensOnFeatures) void queryClient.prefetchQuery(tripFeaturesQueryOptions(id));
  }, [opensOnFeatures, queryClient, id]);
  // The page is built in a transition (in slices, between which the browser stays responsive), not
  // in the update that brings the answer (PERF-07): until then the loader stays.
  const shown = useDeferredValue(trip.data);
  useDocumentTitle(
    trip.data ? t`Trip to ${ph({ tripName: trip.data.tripName })}` : trip.isError ? t`Trip not found` : null,
  );

  if (trip.isPending) return <TripLoader />;
  if (trip.isError) {
    if (isNotFound(trip.error)) {
      return (
        <section
          aria-labelledby="trip-not-found"
          className="mx-auto flex max-w-xl flex-col items-center gap-4 py-16 text-center"
        >
          <MapPinOff aria-hidden="true" className="size-12 text-brand-600" />
          <h1 id="trip-not-found" className="text-2xl font-bold">
            {i18n._(TRIP_NOT_FOUND)}
          </h1>
          <p className="text-slate-600 dark:text-slate-300">
            <Trans>This trip does not exist, or you are not one of its members.</Trans>
          </p>
          <Link to="/trips" className={buttonClass({ size: 'md' })}>
            <Trans>Back to my trips</Trans>
          </Link>
        </section>
      );
    }
    return (
      <div className="mx-auto flex max-w-xl flex-col items-center gap-3 py-16 text-center">
        <h1 className="text-2xl font-bold">
          <Trans>Trip details</Trans>
        </h1>
        <QueryError
          query={trip}
          variant="plain"
          alertOn="message"
          className="p-0"
          message={t`The trip could not be loaded.`}
        />
      </div>
    );
  }
  if (shown?._id !== trip.data._id) return <TripLoader />;
  return <TripDetail key={shown._id} trip={shown} />;
}

function TripLoader() {
  const { t } = useLingui();
  return <EmojiLoader label={t`Loading trip…`} className="py-24" />;
}

function TripDetail({ trip }: { trip: NonNullable<ReturnType<typeof useTrip>['data']> }) {
  const { t } = useLingui();
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = tabOf(searchParams);
  const { canEdit, isAdmin } = tripPermissions(trip.myRole);
  const user = useAppSelector(selectUser);
  const categories = useCategories();
  // The trip's place: where its map opens before anything in the trip has a location.
  const mapHome = placeMapView(usePlace(tab === 'planner' ? trip.placeId : null).data);

  const setTab = (next: TripTab) =>
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        if (next === DEFAULT_TRIP_TAB) params.delete('tab');
        else params.set('tab', next);
        // The expense a booking's "In expenses" pointed at is shown once, not on every later visit.
        params.delete(SHOWN_EXPENSE_PARAM);
        return params;
      },
      { replace: true },
    );

  const renderFeature = (feature: Feature, selection?: FeatureSelection, index?: number) => (
    <FeatureCard
      feature={feature}
      priority={index !== undefined && index < EAGER_FEATURE_IMAGES}
      icons={categoryIcons(categories, feature.categoryId)}
      picked={selection?.picked ?? false}
      onToggle={selection?.onToggle}
      action={
        <WishlistHeart featureId={feature._id} title={feature.title} className={FEATURE_CARD_ACTION_CLASS} />
      }
    />
  );

  return (
    <div className="flex flex-col gap-6">
      <TripHeader trip={trip} />
      <Tabs tabs={withChatBadge(tripTabs(), trip._id)} value={tab} onChange={setTab} label={t`Trip sections`}>
        {tab === 'features' && (
          <TripFeaturesTab
            tripId={trip._id}
            placeId={trip.placeId}
            canEdit={canEdit}
            placeCategories={categories}
            renderFeature={renderFeature}
            searchPlaceFeatures={searchFeatures}
          />
        )}
        {tab === 'planner' && (
          <Suspense fallback={<EmojiLoader label={t`Loading the planner…`} />}>
            <PlannerMapLayout
              tripId={trip._id}
              canEdit={canEdit}
              placeCategories={categories}
              home={mapHome}
              planner={
                <PlannerTab tripId={trip._id} tripName={trip.tripName} canEdit={canEdit} isAdmin={isAdmin} />
              }
            />
          </Suspense>
        )}
        {tab === 'bookings' && (
          <Suspense fallback={<EmojiLoader label={t`Loading the bookings…`} />}>
            <BookingsTab trip={trip} userId={user._id ?? null} />
          </Suspense>
        )}
        {/* The checklist is personal: every member, guest and other included, ticks their own; a
            viewer has none (the server agrees) but reads the shared packing list, part of the trip. */}
        {tab === 'checklist' && (
          <div className="flex flex-col gap-8">
            {trip.myRole !== 'viewer' && <TripChecklist tripId={trip._id} userId={user._id} canEdit />}
            <Suspense fallback={<EmojiLoader label={t`Loading the packing list…`} />}>
              <SharedPackingList trip={trip} />
            </Suspense>
          </div>
        )}
        {tab === 'members' && (
          <Suspense fallback={<EmojiLoader label={t`Loading the members…`} />}>
            <MembersTab
              trip={trip}
              userId={user._id}
              useCrew={useMyCrew}
              useBalances={useBalances}
              onSettleUp={() => setTab('budget')}
            />
          </Suspense>
        )}
        {tab === 'budget' && (
          <Suspense fallback={<EmojiLoader label={t`Loading the budget…`} />}>
            <BudgetTab trip={trip} userId={user._id ?? null} />
          </Suspense>
        )}
        {tab === 'chat' && (
          <Suspense fallback={<EmojiLoader label={t`Loading the chat…`} />}>
            <LazyTripChat
              tripId={trip._id}
              canWrite={trip.myRole !== 'viewer'}
              currentUserId={user._id ?? ''}
            />
          </Suspense>
        )}
        {tab === 'history' && (
          <Suspense fallback={<EmojiLoader label={t`Loading the history…`} />}>
            <HistoryTab trip={trip} categoryName={expenseCategoryName} />
          </Suspense>
        )}
      </Tabs>
    </div>
  );
}

/** An expense category in words, for the money entries of the history. */
function expenseCategoryName(category: string): string {
  const label = CATEGORY_LABELS[category as ExpenseCategory] as MessageDescriptor | undefined;
  return label ? i18n._(label) : category;
}

function TripChecklist({
  tripId,
  userId,
  canEdit,
}: {
  tripId: string;
  userId: string | null;
  canEdit: boolean;
}) {
  const vocabulary = useTravelChecklist();
  return (
    <ChecklistTab
      tripId={tripId}
      userId={userId}
      canEdit={canEdit}
      groups={vocabulary.data?.travel_checklist}
      loading={vocabulary.isPending}
      failed={vocabulary.isError}
    />
  );
}
