import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from './app.tsx';

afterEach(() => {
  window.history.replaceState(null, '', '/');
  document.body.className = '';
});

describe('App', () => {
  it('[SHELL-01] boots the whole app (store, persistence, router, toasts) at / and applies the theme', async () => {
    window.history.replaceState(null, '', '/');
    render(<App />);
    expect(
      await screen.findByRole('heading', { level: 1, name: "let's plan your trip" }, { timeout: 3000 }),
    ).toBeTruthy();
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Accept' })).toBeTruthy();
    expect(document.body.classList.contains('system')).toBe(true);
    expect(document.querySelector('.Toastify')).not.toBeNull();
  });

  it('[SHELL-02] boots at an unknown URL into the not-found screen', async () => {
    window.history.replaceState(null, '', '/nowhere/at/all');
    render(<App />);
    expect(await screen.findByText('404 - Page not found')).toBeTruthy();
  });
});
