import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import { AppToastContainer } from '../components/ui/toast-container.tsx';
import { type AppStore, connectApiClient, createStore } from '../store/store.ts';
import { PersistedGate } from './layout/persisted-gate.tsx';
import { PersistorContext } from './layout/persistor-context.ts';
import { registerServiceWorker } from './layout/register-service-worker.ts';
import { SessionBootstrap } from './layout/session-bootstrap.tsx';
import { ThemeSync, useResolvedTheme } from './layout/theme-sync.tsx';
import { createAppRouter } from './router.tsx';

/** Toasts follow the resolved theme (needs the store, so it lives inside the Provider). */
function Toasts() {
  const theme = useResolvedTheme();
  return <AppToastContainer theme={theme} />;
}

/** What the app runs on; main.tsx builds them one task at a time before the first render. */
export interface AppParts {
  router: ReturnType<typeof createAppRouter>;
  store: AppStore;
  persistor: ReturnType<typeof createStore>['persistor'];
}

/** Builds the router and the store in the render when they are not given (tests). */
export function App({ parts }: { parts?: AppParts } = {}) {
  const [router] = useState(() => parts?.router ?? createAppRouter());
  const [{ store, persistor }] = useState(() => parts ?? createStore());
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: 1, staleTime: 60_000 } } }),
  );

  // Plug the store into the API client before any child issues a request (child effects run
  // before this component's effects). Idempotent for the same store, so safe during render.
  const connectedStore = useRef<AppStore | null>(null);
  if (connectedStore.current !== store) {
    connectedStore.current = store;
    // 429 → /wow-relax as a client-side navigation (keeps the loaded app).
    // A session reset (failed refresh) also drops every cached server response of that user.
    connectApiClient(store, {
      navigate: (path) => void router.navigate(path),
      onSessionReset: () => queryClient.clear(),
    });
  }

  useEffect(() => {
    registerServiceWorker();
  }, []);

  return (
    <Provider store={store}>
      <PersistorContext value={persistor}>
        <PersistedGate persistor={persistor}>
          <QueryClientProvider client={queryClient}>
            <ThemeSync />
            <SessionBootstrap />
            <RouterProvider router={router} />
            <Toasts />
          </QueryClientProvider>
        </PersistedGate>
      </PersistorContext>
    </Provider>
  );
}
