import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import type { Persistor } from 'redux-persist';
import { preloadImage } from '../../lib/preload-image.ts';
import type { AppStore } from '../store/store.ts';

export interface FirstPagePrefetchDeps {
  store: AppStore;
  persistor: Persistor;
  queryClient: QueryClient;
}

/** Resolves once the saved session is back in the store (redux-persist's rehydration). */
function rehydrated(persistor: Persistor): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (!persistor.getState().bootstrapped) return false;
      resolve();
      return true;
    };
    if (check()) return;
    const unsubscribe = persistor.subscribe(() => {
      if (check()) unsubscribe();
    });
  });
}

/**
 * Start-up: asks for the first page's data while its chunk downloads, instead of once the page
 * has rendered (PERF-07). A place page opened on a place (`?place=`): the place, at once (it is
 * public). A trip page, for a signed-in user: the trip and its default tab's features, once the
 * saved session is back (the requests need its token); a visitor asks for nothing (the page
 * shows its sign-in notice). Resolves when the requests are answered. The start-up script
 * (src/early-requests.ts) has usually sent these requests already; the API client then takes its
 * answers instead of asking again (decision 025).
 */
export async function prefetchFirstPage(
  location: Pick<Location, 'pathname' | 'search'>,
  { store, persistor, queryClient }: FirstPagePrefetchDeps,
): Promise<void> {
  const searchParams = new URLSearchParams(location.search);
  const placeId = searchParams.get('place');
  if (location.pathname.startsWith('/place/') && placeId) {
    const { prefetchPlacePage } = await import('../../modules/places/api/prefetch-place-page.ts');
    await prefetchPlacePage(queryClient, placeId);
    return;
  }
  const tripId = decodedSegment(matchPath('/trips/:id', location.pathname)?.params.id);
  if (!tripId) return;
  // The module downloads while the saved session comes back.
  const loading = import('../../modules/trips/api/prefetch-trip-page.ts');
  await rehydrated(persistor);
  if (!store.getState().user.isAuthenticated) return;
  const { prefetchTripPage } = await loading;
  // The first card's picture is the largest thing on a phone's first screen: asked for as soon as
  // the features are in, not once the cards have rendered (PERF-07).
  await prefetchTripPage(queryClient, tripId, searchParams, (features) => {
    const first = features[0]?.image.original;
    if (!first) return;
    void import('../../modules/features/components/fallback-image.ts').then(({ compressed }) =>
      preloadImage(compressed(first)),
    );
  });
}

/** matchPath leaves the address bar's escapes in place; the API client escapes the id itself. */
function decodedSegment(segment: string | undefined): string | null {
  if (!segment) return null;
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}
