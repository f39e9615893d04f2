import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryRouter } from 'react-router';
import { App, createAppParts } from './app.tsx';
import { routes } from './router.tsx';
import { setThema } from './state/theme-slice.ts';

afterEach(() => {
  window.history.replaceState(null, '', '/');
  document.body.className = '';
});

describe('App', () => {
  it('[SHELL-01] boots the whole app (store, persistence, router, toasts) at / and applies the theme', async () => {
    window.history.replaceState(null, '', '/');
    render(<App />);
    expect(await screen.findByRole('heading', { level: 1, name: "let's plan your trip" })).toBeTruthy();
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
    // The cookie notice is a lazily loaded part: it may come after the page.
    expect(await screen.findByRole('button', { name: 'Accept' })).toBeTruthy();
    expect(document.body.classList.contains('system')).toBe(true);
    expect(document.querySelector('.Toastify')).not.toBeNull();
  });

  it('[SHELL-02] boots at an unknown URL into the not-found screen', async () => {
    window.history.replaceState(null, '', '/nowhere/at/all');
    render(<App />);
    expect(await screen.findByText('404 - Page not found')).toBeTruthy();
  });

  it('[PERF-07] runs on the router, store and query cache start-up built for it, one task at a time', async () => {
    window.history.replaceState(null, '', '/');
    const router = createMemoryRouter(routes, { initialEntries: ['/nowhere/at/all'] });
    const parts = createAppParts(router);
    render(<App parts={parts} />);
    // The given router, not one on the window's URL ("/", the home page).
    expect(await screen.findByText('404 - Page not found')).toBeTruthy();
    // The given store: the page's theme follows what is put in it.
    act(() => {
      parts.store.dispatch(setThema('dark'));
    });
    await waitFor(() => expect(document.body.classList.contains('dark')).toBe(true));
  });
});
