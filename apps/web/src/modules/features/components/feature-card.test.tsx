import { fireEvent, screen } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore, renderRoutes, signIn } from '../../../../test/shell-test-utils.tsx';
import { resetApiClient } from '../../../lib/api-client.ts';
import type { AppStore } from '../../../app/store/store.ts';
import { useWishlistItems } from '../../wishlist/api/get-wishlist-items.ts';
import { WISHLIST_ADD_ERROR, WISHLIST_REMOVE_ERROR } from '../../wishlist/api/use-wishlist-toggle.ts';
import { makeWishFeature, mockWishlistApi } from '../../wishlist/testing/wishlist-fixtures.ts';
import { WishlistHeart } from '../../wishlist/components/wishlist-heart.tsx';
import { FEATURE_CARD_ACTION_CLASS, FeatureCard } from './feature-card.tsx';
import { i18n } from '../../../lib/i18n/i18n.ts';

const F1 = makeWishFeature('f1');
const F2 = makeWishFeature('f2');

/** The heart as the screens compose it into a card (place, trip features). */
const heartOf = (feature: typeof F1) => (
  <WishlistHeart featureId={feature._id} title={feature.title} className={FEATURE_CARD_ACTION_CLASS} />
);

/** Shows how often the wishlist items were loaded (to see the queries being invalidated). */
function ItemsProbe() {
  const items = useWishlistItems('default');
  return <p data-testid="items-probe">{items.data?.map((item) => item._id).join(',') ?? ''}</p>;
}

function renderCards(options: { signedIn?: boolean; onToggle?: () => void; store?: AppStore } = {}) {
  const store = options.store ?? makeStore().store;
  if (options.signedIn ?? true) signIn(store);
  const onToggle = options.onToggle ?? vi.fn();
  const result = renderRoutes(
    [
      {
        path: '/place/:country/:type',
        element: (
          <>
            <FeatureCard feature={F1} icons={[]} picked={false} onToggle={onToggle} action={heartOf(F1)} />
            <FeatureCard feature={F2} icons={[]} picked={false} onToggle={onToggle} action={heartOf(F2)} />
            <ItemsProbe />
          </>
        ),
      },
      { path: '/auth', element: <p>login page</p> },
    ],
    { path: '/place/france/country?place=p1', store },
  );
  return { ...result, onToggle };
}

const heart = (title: string) => screen.getByRole('button', { name: `Wishlist ${title}` });
const pressed = (title: string) => heart(title).getAttribute('aria-pressed');

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetApiClient();
});

describe('FeatureCard wishlist heart', () => {
  it('[WISHLIST-06] signed in: loads the default list once (reload rule) and shows a hearted feature filled', async () => {
    const { fetch } = mockWishlistApi({ lists: { default: [F2] } });
    const { store } = renderCards();
    await vi.waitFor(() => expect(pressed('Feature f2')).toBe('true'));
    expect(pressed('Feature f1')).toBe('false');
    // Two cards, one load: the first sets `loading`, the second finds nothing to do.
    const loads = fetch.to('/core/wishlist/ids', 'GET');
    expect(loads).toHaveLength(1);
    expect(loads[0]!.query.get('listname')).toBe('default');
    // The persisted slice is written from the query cache by a writer loaded on demand: it follows.
    await vi.waitFor(() => expect(store.getState().wishlist.expireAt).toBeGreaterThan(Date.now()));
  });

  it('[WISHLIST-06] the heart adds an absent feature (POST /core/wishlist) and removes a present one (DELETE /wishlist/{id})', async () => {
    const { fetch } = mockWishlistApi({ catalogue: [F1, F2] });
    const { store } = renderCards();
    await vi.waitFor(() => expect(fetch.to('/core/wishlist/ids')).toHaveLength(1));
    await vi.waitFor(() => expect(fetch.to('/core/wishlist/all')).toHaveLength(1));

    fireEvent.click(heart('Feature f1'));
    await vi.waitFor(() => expect(pressed('Feature f1')).toBe('true'));
    const posts = fetch.to('/core/wishlist', 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toEqual({ featureId: 'f1' });
    expect(store.getState().wishlist.lists.default).toEqual(['f1']);
    // Wishlist queries refreshed.
    await vi.waitFor(() => expect(screen.getByTestId('items-probe').textContent).toBe('f1'));

    fireEvent.click(heart('Feature f1'));
    await vi.waitFor(() => expect(pressed('Feature f1')).toBe('false'));
    expect(fetch.to('/wishlist/f1', 'DELETE')).toHaveLength(1);
    expect(fetch.to('/core/wishlist', 'POST')).toHaveLength(1);
    expect(store.getState().wishlist.lists.default).toEqual([]);
    await vi.waitFor(() => expect(screen.getByTestId('items-probe').textContent).toBe(''));
  });

  it('[WISHLIST-06] clicking the heart does not pick the feature', async () => {
    mockWishlistApi({ catalogue: [F1] });
    const { onToggle } = renderCards();
    fireEvent.click(heart('Feature f1'));
    await vi.waitFor(() => expect(pressed('Feature f1')).toBe('true'));
    expect(onToggle).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Pick Feature f1' }));
    expect(onToggle).toHaveBeenCalledTimes(1);
  });

  it('[WISHLIST-06] a visitor is sent to /auth and nothing is called', async () => {
    const { fetch } = mockWishlistApi({ catalogue: [F1] });
    const { router, onToggle } = renderCards({ signedIn: false });
    expect(pressed('Feature f1')).toBe('false');
    fireEvent.click(heart('Feature f1'));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(router.state.location.state).toEqual({ from: '/place/france/country?place=p1' });
    // No wishlist load and no change (the probe's own list read aside).
    expect(fetch.to('/core/wishlist/ids')).toHaveLength(0);
    expect(fetch.requests.filter((request) => request.method !== 'GET')).toHaveLength(0);
    expect(onToggle).not.toHaveBeenCalled();
  });

  it('[WISHLIST-07] a failed add toasts "Error remove from wishlist" and leaves the heart empty', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const error = vi.spyOn(toast, 'error');
    const { fetch } = mockWishlistApi({ catalogue: [F1], failAdd: true });
    const { store } = renderCards();
    await vi.waitFor(() => expect(fetch.to('/core/wishlist/ids')).toHaveLength(1));
    fireEvent.click(heart('Feature f1'));
    await vi.waitFor(() => expect(error).toHaveBeenCalledTimes(1));
    expect(i18n._(WISHLIST_ADD_ERROR)).toBe('Error remove from wishlist');
    expect(error.mock.calls[0]![0]).toBe('Error remove from wishlist');
    expect(pressed('Feature f1')).toBe('false');
    expect(store.getState().wishlist.lists.default).toEqual([]);
  });

  it('[WISHLIST-07] a failed removal toasts "Error adding to wishlist" and keeps the heart filled', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const error = vi.spyOn(toast, 'error');
    mockWishlistApi({ lists: { default: [F1] }, failRemove: true });
    const { store } = renderCards();
    await vi.waitFor(() => expect(pressed('Feature f1')).toBe('true'));
    fireEvent.click(heart('Feature f1'));
    await vi.waitFor(() => expect(error).toHaveBeenCalledTimes(1));
    expect(i18n._(WISHLIST_REMOVE_ERROR)).toBe('Error adding to wishlist');
    expect(error.mock.calls[0]![0]).toBe('Error adding to wishlist');
    expect(pressed('Feature f1')).toBe('true');
    expect(store.getState().wishlist.lists.default).toEqual(['f1']);
  });
});

describe('FeatureCard image', () => {
  it('[PERF-07] a priority card loads its image at once and first; the others lazily', () => {
    mockWishlistApi();
    const { store } = makeStore();
    renderRoutes(
      [
        {
          path: '/place/:country/:type',
          element: (
            <>
              <FeatureCard feature={F1} icons={[]} picked={false} priority />
              <FeatureCard feature={F2} icons={[]} picked={false} />
            </>
          ),
        },
      ],
      { path: '/place/france/country?place=p1', store },
    );
    const [first, second] = screen.getAllByTestId('feature-card').map((card) => card.querySelector('img')!);
    expect(first!.getAttribute('loading')).toBe('eager');
    expect(first!.getAttribute('fetchpriority')).toBe('high');
    expect(second!.getAttribute('loading')).toBe('lazy');
    expect(second!.getAttribute('fetchpriority')).toBe('auto');
  });
});

describe('FeatureCard picking and title', () => {
  const LONG = { ...F1, title: 'Miradouro de Santa Luzia e Jardim Júlio de Castilho' + 'x'.repeat(60) };

  function renderPickable(picked: boolean, onToggle?: () => void) {
    mockWishlistApi();
    const { store } = makeStore();
    renderRoutes(
      [
        {
          path: '/place/:country/:type',
          element: (
            <FeatureCard feature={LONG} icons={[]} picked={picked} {...(onToggle ? { onToggle } : {})} />
          ),
        },
      ],
      { path: '/place/france/country?place=p1', store },
    );
  }

  it('[FEATURE-01][PLACE-14] an unpicked card shows a "Pick" hint on a pressable, labelled button', () => {
    const onToggle = vi.fn();
    renderPickable(false, onToggle);
    const button = screen.getByRole('button', { name: `Pick ${LONG.title}` });
    expect(button.getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByTestId('feature-pick-hint').textContent?.trim()).toBe('Pick');
    button.focus();
    expect(document.activeElement).toBe(button);
    fireEvent.click(button);
    expect(onToggle).toHaveBeenCalledTimes(1);
  });

  it('[FEATURE-01][PLACE-14] a picked card says "picked"; a card that cannot be picked shows no hint', () => {
    renderPickable(true, vi.fn());
    expect(screen.getByRole('button', { name: `Unpick ${LONG.title}` }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(screen.queryByTestId('feature-pick-hint')).toBeNull();
    expect(screen.getByText('picked')).toBeTruthy();
  });

  it('[FEATURE-01] a long title wraps (any word may break) and ends in an ellipsis after three lines', () => {
    renderPickable(false);
    expect(screen.queryByTestId('feature-pick-hint')).toBeNull();
    const title = screen.getByTestId('feature-title');
    expect(title.className).toContain('line-clamp-3');
    expect(title.className).toContain('[overflow-wrap:anywhere]');
    expect(title.getAttribute('title')).toBe(LONG.title);
  });
});
