import { fireEvent, screen, within, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore, renderRoutes, signIn } from '../../../test/shell-test-utils.tsx';
import { resetApiClient } from '../../lib/api-client.ts';
import { jsonResponse } from '../../lib/testing/fetch-mock.ts';
import { FEATURE_CARD_ACTION_CLASS, FeatureCard } from '../../modules/features/components/feature-card.tsx';
import { WishlistHeart } from '../../modules/wishlist/components/wishlist-heart.tsx';
import { NO_TITLE_TEXT, WISHLIST_FALLBACK_IMAGE } from '../../modules/wishlist/components/wishlist-card.tsx';
import { EMPTY_WISHLIST_TEXT } from '../../modules/wishlist/components/wishlist-view.tsx';
import { makeWishFeature, mockWishlistApi } from '../../modules/wishlist/testing/wishlist-fixtures.ts';
import { WishlistPage } from './wishlist.tsx';
import { DEFAULT_CACHE_LIFETIME_MS } from '../../lib/cached-query.ts';
import { wishlistListNamesQueryOptions } from '../../modules/wishlist/api/get-wishlist-listnames.ts';
import { i18n } from '../../lib/i18n/i18n.ts';

const LISBON = makeWishFeature('f1', { title: 'Belém Tower' });
const UNTITLED = makeWishFeature('f2', { title: '', image: { original: '' } });
const PORTO = makeWishFeature('f3', { title: 'Livraria Lello' });

function renderWishlist(path = '/wishlist') {
  const { store } = makeStore();
  signIn(store);
  return renderRoutes(
    [
      { path: '/wishlist', element: <WishlistPage /> },
      { path: '/', element: <p>home page</p> },
      {
        path: '/place/:country/:type',
        element: (
          <FeatureCard
            feature={PORTO}
            icons={[]}
            picked={false}
            onToggle={() => undefined}
            action={
              <WishlistHeart
                featureId={PORTO._id}
                title={PORTO.title}
                className={FEATURE_CARD_ACTION_CLASS}
              />
            }
          />
        ),
      },
    ],
    { path, store },
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetApiClient();
});

describe('WishlistPage', () => {
  it("[WISHLIST-05] a tab per list name (cached GET /core/wishlist/listnames) and a grid of saved features with image and title, 'no title' when missing", async () => {
    const { fetch } = mockWishlistApi({ lists: { default: [LISBON, UNTITLED], porto: [PORTO] } });
    renderWishlist();
    await waitFor(() =>
      expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
        'default2 (2)',
        'porto1 (1)',
      ]),
    );
    const tabs = screen.getAllByRole('tab');
    expect(tabs[0]!.getAttribute('aria-selected')).toBe('true');
    expect(fetch.to('/core/wishlist/listnames', 'GET')).toHaveLength(1);
    expect(wishlistListNamesQueryOptions().meta?.cachedForMs).toBe(DEFAULT_CACHE_LIFETIME_MS); // a cached GET

    const cards = await screen.findAllByTestId('wishlist-card');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByRole('heading').textContent).toBe('Belém Tower');
    expect(cards[0]!.querySelector('img')!.getAttribute('src')).toBe('/images/f1.jpg?compress=540x540');
    expect(within(cards[1]!).getByRole('heading').textContent).toBe(i18n._(NO_TITLE_TEXT));
    expect(i18n._(NO_TITLE_TEXT)).toBe('no title');
    expect(cards[1]!.querySelector('img')!.getAttribute('src')).toBe(WISHLIST_FALLBACK_IMAGE);
    expect(fetch.to('/core/wishlist/all')[0]!.query.get('listname')).toBe('default');

    fireEvent.click(screen.getByRole('tab', { name: /^porto/ }));
    await waitFor(() =>
      expect(screen.getAllByTestId('wishlist-card').map((card) => card.textContent)).toEqual([
        expect.stringContaining('Livraria Lello'),
      ]),
    );
    expect(fetch.to('/core/wishlist/all').map((request) => request.query.get('listname'))).toContain('porto');
  });

  it("[WISHLIST-05] a feature whose title is missing altogether shows 'no title'", async () => {
    mockWishlistApi({
      extra: (request) =>
        request.path === '/core/wishlist/all'
          ? jsonResponse(200, [
              {
                _id: 'f9',
                listname: 'default',
                createdAt: '2031-01-01T00:00:00.000Z',
                feature: { ...makeWishFeature('f9'), title: null },
              },
            ])
          : undefined,
    });
    renderWishlist();
    const card = await screen.findByTestId('wishlist-card');
    expect(within(card).getByRole('heading').textContent).toBe('no title');
  });

  it('[WISHLIST-05] an empty list offers a link to explore places', async () => {
    mockWishlistApi();
    const { router } = renderWishlist();
    expect(await screen.findByText(i18n._(EMPTY_WISHLIST_TEXT))).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Explore places' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('[WISHLIST-05] the chosen list is kept in ?list=', async () => {
    mockWishlistApi({ lists: { default: [LISBON], porto: [PORTO] } });
    renderWishlist('/wishlist?list=porto');
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: /^porto/ }).getAttribute('aria-selected')).toBe('true'),
    );
    expect(await screen.findByText('Livraria Lello')).toBeTruthy();
  });

  it('[WISHLIST-08] a feature hearted on a place screen is shown on /wishlist', async () => {
    const { fetch } = mockWishlistApi({ lists: { default: [LISBON] }, catalogue: [PORTO] });
    const { router } = renderWishlist('/place/portugal/country?place=p1');
    const heart = screen.getByRole('button', { name: 'Wishlist Livraria Lello' });
    await waitFor(() => expect(fetch.to('/core/wishlist/ids')).toHaveLength(1));
    fireEvent.click(heart);
    await waitFor(() => expect(heart.getAttribute('aria-pressed')).toBe('true'));

    await router.navigate('/wishlist');
    await waitFor(() =>
      expect(
        screen.getAllByTestId('wishlist-card').map((card) => within(card).getByRole('heading').textContent),
      ).toEqual(['Belém Tower', 'Livraria Lello']),
    );
  });
});
