import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore, renderRoutes, signIn, waitForRehydration } from '../../../test/shell-test-utils.tsx';
import { NOT_LOGGED_IN_TEXT, PROTECTED_REDIRECT_MS, ProtectedPage } from './protected-page.tsx';
import { i18n } from '../../lib/i18n/i18n.ts';

const routes = [
  {
    path: '/trips',
    element: (
      <ProtectedPage>
        <p>secret trips</p>
      </ProtectedPage>
    ),
  },
  { path: '/auth', element: <p>login screen</p> },
];

/** A rehydrated store first (real timers), then fake timers for the 3 s redirect. */
async function readyStore(signedIn = false) {
  const made = makeStore();
  await waitForRehydration(made.persistor);
  if (signedIn) signIn(made.store);
  vi.useFakeTimers();
  return made;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('ProtectedPage', () => {
  it('[SHELL-14] shows the notice and redirects to /auth after 3 s, not before', async () => {
    const { router } = renderRoutes(routes, { path: '/trips', ...(await readyStore()) });
    expect(screen.getByRole('heading', { name: 'Mama mia! You are not logged in yet' })).toBeTruthy();
    expect(i18n._(NOT_LOGGED_IN_TEXT)).toBe('Mama mia! You are not logged in yet');
    expect(screen.queryByText('secret trips')).toBeNull();
    expect(PROTECTED_REDIRECT_MS).toBe(3000);

    act(() => vi.advanceTimersByTime(2999));
    expect(router.state.location.pathname).toBe('/trips');
    expect(screen.queryByText('login screen')).toBeNull();

    act(() => vi.advanceTimersByTime(1));
    expect(router.state.location.pathname).toBe('/auth');
    expect(screen.getByText('login screen')).toBeTruthy();
  });

  it('[SHELL-14] a signed-in user sees the page and is never redirected', async () => {
    const { router } = renderRoutes(routes, { path: '/trips', ...(await readyStore(true)) });
    expect(screen.getByText('secret trips')).toBeTruthy();
    expect(screen.queryByText(i18n._(NOT_LOGGED_IN_TEXT))).toBeNull();
    act(() => vi.advanceTimersByTime(10_000));
    expect(router.state.location.pathname).toBe('/trips');
  });

  it('[SHELL-14] leaving the page before 3 s cancels the redirect', async () => {
    const { router } = renderRoutes([...routes, { path: '/about', element: <p>about us</p> }], {
      path: '/trips',
      ...(await readyStore()),
    });
    act(() => vi.advanceTimersByTime(1000));
    act(() => {
      void router.navigate('/about');
    });
    act(() => vi.advanceTimersByTime(5000));
    expect(router.state.location.pathname).toBe('/about');
  });
});
