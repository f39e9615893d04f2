import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import type { Persistor } from 'redux-persist';
import { afterEach, beforeEach, vi } from 'vitest';
import { PersistorContext } from '../src/app/layout/persistor-context.ts';
import { ServerSlices } from '../src/app/layout/server-slices.tsx';
import { SignedInProvider } from '../src/app/layout/signed-in-provider.tsx';
import { AppToastContainer } from '../src/components/ui/toast-container.tsx';
import { type AppStore, createStore } from '../src/app/store/store.ts';
import { resetApiClient } from '../src/lib/api-client.ts';
import { login } from '../src/modules/users/state/user-slice.ts';

/** Helpers for the web shell's component tests. */

const persistors: Persistor[] = [];

// Stop persistence of the test's stores before the setup file clears localStorage, so no late
// write leaks one test's state into the next.
afterEach(async () => {
  vi.useRealTimers();
  for (const persistor of persistors.splice(0)) persistor.pause();
  await new Promise((resolve) => setTimeout(resolve, 5));
});

/** After each test of the calling file: stubbed globals and spies restored, the API client reset. */
export function resetMocksAfterEach(): void {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    resetApiClient();
  });
}

/**
 * Fake timers in each test of the calling file that still follow the real clock (debounces fire
 * when the test advances them or waits), then resetMocksAfterEach.
 */
export function fakeTimersEachTest(): void {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  resetMocksAfterEach();
}

export function makeStore(): { store: AppStore; persistor: Persistor } {
  const made = createStore();
  persistors.push(made.persistor);
  return made;
}

export const TEST_USER = {
  _id: 'u-1',
  name: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  image: { original: '/uploads/ada.jpg', thumbnail: '/uploads/ada-thumb.jpg' },
};

export function signIn(store: AppStore, user = TEST_USER) {
  store.dispatch(login(user));
}

export function Providers({
  store,
  persistor,
  queryClient = testQueryClient(),
  children,
}: {
  store: AppStore;
  persistor?: Persistor | null;
  queryClient?: QueryClient;
  children: ReactNode;
}) {
  return (
    <Provider store={store}>
      <PersistorContext value={persistor ?? null}>
        <QueryClientProvider client={queryClient}>
          <ServerSlices />
          <SignedInProvider>{children}</SignedInProvider>
        </QueryClientProvider>
      </PersistorContext>
    </Provider>
  );
}

const testQueryClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

interface RenderRoutesOptions {
  path?: string;
  store?: AppStore;
  persistor?: Persistor;
  /** Signs TEST_USER (u-1) in first. */
  signedIn?: boolean;
}

/** Renders route objects in a memory router at `path` with the app's providers. */
export function renderRoutes(
  routes: RouteObject[],
  { path = '/', signedIn = false, ...options }: RenderRoutesOptions = {},
) {
  const made = options.store ? { store: options.store, persistor: options.persistor ?? null } : makeStore();
  if (signedIn) signIn(made.store);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  // The cache the page reads from: a test plays a live frame by invalidating it.
  const queryClient = testQueryClient();
  const result = render(
    <Providers store={made.store} persistor={made.persistor} queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...result, router, store: made.store, persistor: made.persistor, queryClient };
}

/** Renders a single element at `path` (inside a catch-all route, so links and hooks work). */
export function renderAt(element: ReactElement, options: RenderRoutesOptions = {}) {
  return renderRoutes([{ path: '*', element }], options);
}

/** Renders a single element like renderAt, with the app's toast container beside it. */
export function renderWithToasts(element: ReactElement, options: RenderRoutesOptions = {}) {
  return renderAt(
    <>
      {element}
      <AppToastContainer theme="light" />
    </>,
    options,
  );
}

/** Resolves once redux-persist has rehydrated the store from localStorage (a "reload"). */
export function waitForRehydration(persistor: Persistor): Promise<void> {
  return new Promise((resolve) => {
    if (persistor.getState().bootstrapped) {
      resolve();
      return;
    }
    const unsubscribe = persistor.subscribe(() => {
      if (persistor.getState().bootstrapped) {
        unsubscribe();
        resolve();
      }
    });
  });
}

/** Replaces window.matchMedia with one whose prefers-color-scheme: dark answer the test controls. */
export function mockColorScheme(initialDark: boolean) {
  const target = new EventTarget();
  const media = Object.assign(target, {
    matches: initialDark,
    media: '(prefers-color-scheme: dark)',
    onchange: null,
    addListener: (listener: EventListener) => target.addEventListener('change', listener),
    removeListener: (listener: EventListener) => target.removeEventListener('change', listener),
  });
  const original = window.matchMedia;
  window.matchMedia = vi.fn(() => media as unknown as MediaQueryList);
  return {
    setDark(dark: boolean) {
      media.matches = dark;
      target.dispatchEvent(new Event('change'));
    },
    restore() {
      window.matchMedia = original;
    },
  };
}
