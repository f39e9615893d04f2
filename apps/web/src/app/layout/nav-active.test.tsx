import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../../../test/shell-test-utils.tsx';
import { Header } from './header.tsx';
import { isOnRoute } from './nav-links.ts';

const FILLED = 'bg-brand-700';

describe('header navigation: active only on its own routes', () => {
  it.each(['/', '/crew', '/wishlist', '/place/portugal/city/lisbon?place=p1', '/tripsy'])(
    'the trips entry is not highlighted on %s',
    (path) => {
      renderAt(<Header />, { path });
      const trips = screen.getByRole('link', { name: 'trips' });
      expect(trips.getAttribute('aria-current')).toBeNull();
      expect(trips.className).not.toContain(FILLED);
    },
  );

  it.each(['/trips', '/trips/42'])('the trips entry is highlighted on %s', (path) => {
    renderAt(<Header />, { path });
    const trips = screen.getByRole('link', { name: 'trips' });
    expect(trips.getAttribute('aria-current')).toBe('page');
    expect(trips.className).toContain(FILLED);
  });

  it("the 'book' group is highlighted on its sub-routes only", () => {
    const { unmount } = renderAt(<Header />, { path: '/flights' });
    expect(screen.getByRole('button', { name: 'book' }).className).toContain('bg-brand-50');
    unmount();
    renderAt(<Header />, { path: '/crew' });
    expect(screen.getByRole('button', { name: 'book' }).className).not.toContain('bg-brand-50 ');
    expect(screen.getByRole('link', { name: 'crew' }).getAttribute('aria-current')).toBe('page');
  });

  it('matches a route and its sub-paths, not a longer name', () => {
    expect(isOnRoute('/trips/1', '/trips')).toBe(true);
    expect(isOnRoute('/tripsy', '/trips')).toBe(false);
  });
});
