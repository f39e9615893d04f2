import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import type { Persistor } from 'redux-persist';
import type { AppStore } from '../../store/store.ts';

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
 * has rendered (PERF-07). Today the trip page, for a signed-in user: the trip and its default
 * tab's features. Waits for the saved session (the requests need its token); a visitor asks for
 * nothing (the page shows its sign-in notice). Resolves when the requests are answered.
 */
export async function prefetchFirstPage(
  location: Pick<Location, 'pathname' | 'search'>,
  { store, persistor, queryClient }: FirstPagePrefetchDeps,
): Promise<void> {
  const trip = matchPath('/trips/:id', location.pathname);
  const tripId = trip?.params.id;
  if (!tripId) return;
  await rehydrated(persistor);
  if (!store.getState().user.isAuthenticated) return;
  const { prefetchTripPage } = await import('../../modules/trips/api/prefetch-trip-page.ts');
  await prefetchTripPage(queryClient, tripId, new URLSearchParams(location.search));
}
