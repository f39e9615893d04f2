import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeStore, renderRoutes, signIn } from '../../test/shell-test-utils.tsx';
import { documentTitle } from '../lib/use-document-title.ts';
import { makePlace } from '../modules/places/testing/place-fixtures.ts';
import { makeTrip } from '../modules/trips/testing/trip-fixtures.ts';
import { routes } from './router.tsx';

const PLACE = makePlace({ _id: 'p-1', title: 'Lisbon', country: 'Portugal' });
const TRIP = makeTrip({ _id: 't-1', tripName: 'Lisbon, Portugal' });

function answer(url: string): unknown {
  if (url.includes('/core/places/place/p-1')) return PLACE;
  if (url.includes('/core/trips/t-1')) return TRIP;
  if (url.includes('/core/features/search')) return { data: [], total: 0 };
  return [];
}

beforeEach(() => {
  document.title = 'Tripcrew';
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      return new Response(JSON.stringify(answer(url)), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a tab title per page', () => {
  it('joins the page name and the app name', () => {
    expect(documentTitle('Lisbon')).toBe('Lisbon · Tripcrew');
    expect(documentTitle(null)).toBe('Tripcrew');
  });

  it.each([
    ['/auth', 'Sign in · Tripcrew', false],
    ['/auth/register', 'Sign up · Tripcrew', false],
    ['/about', 'About us · Tripcrew', false],
    ['/wishlist', 'Wishlist · Tripcrew', true],
    ['/trips', 'My trips · Tripcrew', true],
    ['/wishlist', 'Sign in required · Tripcrew', false],
    ['/no/such/page', 'Page not found · Tripcrew', false],
    ['/place/portugal/city/lisbon?place=p-1', 'Lisbon · Tripcrew', false],
    ['/trips/t-1', 'Trip to Lisbon, Portugal · Tripcrew', true],
  ] as const)('%s reads "%s"', async (path, title, signedIn) => {
    const { store } = makeStore();
    if (signedIn) signIn(store);
    renderRoutes(routes, { path, store });
    await waitFor(() => expect(document.title).toBe(title));
  });
});
