import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import { AppToastContainer } from '../components/ui/toast-container.tsx';
import { syncQueryOnlineState } from '../lib/network-status.ts';
import { configureOfflineQueue } from '../lib/offline-queue-config.ts';
import { type AppStore, connectApiClient, createStore } from './store/store.ts';
import { OfflineCache } from './layout/offline-cache.tsx';
import { PersistedGate } from './layout/persisted-gate.tsx';
import { PersistorContext } from './layout/persistor-context.ts';
import { registerServiceWorker } from './layout/register-service-worker.ts';
import { saveOnPageHide } from './layout/save-on-page-hide.ts';
import { ServerSlices } from './layout/server-slices.tsx';
import { SessionBootstrap } from './layout/session-bootstrap.tsx';
import { SignedInProvider } from './layout/signed-in-provider.tsx';
import { ThemeSync, useResolvedTheme } from './layout/theme-sync.tsx';
import { UpdatePrompt } from './layout/update-prompt.tsx';
import { createAppRouter } from './router.tsx';

/** Toasts follow the resolved theme (needs the store, so it lives inside the Provider). */
function Toasts() {
  const theme = useResolvedTheme();
  return <AppToastContainer theme={theme} />;
}

/** What the app runs on. */
export interface AppParts {
  router: ReturnType<typeof createAppRouter>;
  store: AppStore;
  persistor: ReturnType<typeof createStore>['persistor'];
  queryClient: QueryClient;
}

/**
 * Plugs the store into the API client, before any request goes out. A 429 goes to /wow-relax as
 * a client-side navigation (keeps the loaded app); a session reset (failed refresh) also drops
 * every cached server response of that user.
 */
function connectParts({ router, store, queryClient }: AppParts): void {
  connectApiClient(store, {
    navigate: (path) => void router.navigate(path),
    onSessionReset: () => queryClient.clear(),
  });
  // The offline write queue (decision 016): whose writes, and a refetch once replays settled.
  configureOfflineQueue({
    currentUser: () => {
      const { user } = store.getState();
      return user.isAuthenticated ? user._id : null;
    },
    // A refused write leaves an optimistic change on screen: the trips' data is read again, every
    // query of it (unused ones too), and shown until the answers replace it — never a loader.
    onSettled: ({ dropped }) =>
      void queryClient.invalidateQueries({
        queryKey: ['trips'],
        refetchType: dropped > 0 ? 'all' : 'active',
      }),
  });
}

/**
 * Queries wait for the network when there is none (a page loaded offline included) and show what
 * the cache holds; a change sent without network fails at once with the client's offline message
 * (lib/api-error.ts), shown by the screen's own error toast, instead of waiting unseen.
 */
function buildParts(router: AppParts['router']): AppParts {
  const { store, persistor } = createStore();
  syncQueryOnlineState();
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: 1, staleTime: 60_000 }, mutations: { networkMode: 'always' } },
  });
  return { router, store, persistor, queryClient };
}

/** The store and the query cache for `router`, already plugged into the API client (main.tsx). */
export function createAppParts(router: AppParts['router']): AppParts {
  const parts = buildParts(router);
  connectParts(parts);
  return parts;
}

/** Runs on `parts` (main.tsx builds them before the first render); builds its own when not given. */
export function App({ parts }: { parts?: AppParts } = {}) {
  const [built] = useState(() => parts ?? buildParts(createAppRouter()));
  const { router, store, persistor, queryClient } = built;

  // Its own parts: plugged into the API client before any child issues a request (child effects
  // run before this component's effects). Once per store, so safe during render.
  const connectedStore = useRef<AppStore | null>(parts?.store ?? null);
  if (connectedStore.current !== store) {
    connectedStore.current = store;
    connectParts(built);
  }

  useEffect(() => {
    registerServiceWorker();
  }, []);

  useEffect(() => saveOnPageHide(persistor), [persistor]);

  return (
    <Provider store={store}>
      <PersistorContext value={persistor}>
        <PersistedGate persistor={persistor}>
          <QueryClientProvider client={queryClient}>
            <ThemeSync />
            <ServerSlices />
            <SessionBootstrap />
            <OfflineCache />
            <SignedInProvider>
              <RouterProvider router={router} />
            </SignedInProvider>
            <Toasts />
            <UpdatePrompt />
          </QueryClientProvider>
        </PersistedGate>
      </PersistorContext>
    </Provider>
  );
}
