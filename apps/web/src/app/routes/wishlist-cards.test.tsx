import { act, fireEvent, screen, within, waitFor } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterEach, describe, expect, it } from 'vitest';
import { resetMocksAfterEach } from '../../../test/shell-test-utils.tsx';
import { jsonResponse, type RecordedRequest } from '../../lib/testing/fetch-mock.ts';
import { makePlace } from '../../modules/places/testing/place-fixtures.ts';
import { makeTrip } from '../../modules/trips/testing/trip-fixtures.ts';
import { makeWishFeature, mockWishlistApi } from '../../modules/wishlist/testing/wishlist-fixtures.ts';
import { renderWishlistPage } from './wishlist-test-page.tsx';

const LISBON = makePlace({ _id: 'p-lisbon', title: 'Lisbon', country: 'Portugal', region: 'Lisbon' });
const TOWER = makeWishFeature('f1', { title: 'Belém Tower', placeId: 'p-lisbon' });
const TARTS = makeWishFeature('f2', { title: 'Pastéis de Belém', placeId: 'p-lisbon' });
const LISBON_TRIP = makeTrip({ _id: 't-lisbon', tripName: 'Lisbon in May', placeId: 'p-lisbon' });
const PORTO_TRIP = makeTrip({ _id: 't-porto', tripName: 'Porto weekend', placeId: 'p-porto' });
const GUEST_TRIP = makeTrip({ _id: 't-guest', tripName: 'Lisbon as a guest', myRole: 'guest' });

/** Places and trips beside the wishlist API. */
function otherModules(trips = [LISBON_TRIP, PORTO_TRIP, GUEST_TRIP]) {
  return (request: RecordedRequest) => {
    if (request.path === '/core/places/place/p-lisbon') return jsonResponse(200, LISBON);
    if (request.path === '/core/trips' && request.method === 'GET') return jsonResponse(200, trips);
    if (request.path === '/core/trips/t-lisbon/features' && request.method === 'POST')
      return jsonResponse(200, [TOWER]);
    return undefined;
  };
}

const renderWishlist = () =>
  renderWishlistPage('/wishlist', [{ path: '/place/*', element: <p>place page</p> }]);

const card = (title: string) => screen.getByRole('article', { name: title });

resetMocksAfterEach();
afterEach(() => act(() => toast.dismiss()));

// Under a loaded machine the first test also pays for loading the page's modules.
describe('WishlistPage cards', { timeout: 60_000 }, () => {
  it("opens the feature's place from its card", async () => {
    mockWishlistApi({ lists: { default: [TOWER] }, extra: otherModules() });
    const { router } = renderWishlist();
    const link = await within(await screen.findByRole('article', { name: 'Belém Tower' })).findByRole(
      'link',
      {
        name: 'Open place Lisbon for Belém Tower',
      },
    );
    expect(link.getAttribute('href')).toBe('/place/portugal/city/lisbon/lisbon?place=p-lisbon');
    fireEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/place/portugal/city/lisbon/lisbon'));
  });

  it('removes a card from its list, and Undo saves it again', async () => {
    const { fetch, lists } = mockWishlistApi({ lists: { default: [TOWER, TARTS] }, extra: otherModules() });
    renderWishlist();
    await screen.findByRole('article', { name: 'Pastéis de Belém' });
    fireEvent.keyDown(screen.getByRole('button', { name: 'More actions for Pastéis de Belém' }), {
      key: 'Enter',
    });
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Remove from wishlist' }));

    await waitFor(() => expect(screen.queryByRole('article', { name: 'Pastéis de Belém' })).toBeNull());
    expect(fetch.to('/core/wishlist/f2', 'DELETE')[0]!.query.get('listname')).toBe('default');
    expect(lists.default!.map((f) => f._id)).toEqual(['f1']);
    const notice = (await screen.findByText('Removed “Pastéis de Belém” from default')).parentElement!;
    fireEvent.click(within(notice).getByRole('button', { name: 'Undo' }));

    await waitFor(() => expect(card('Pastéis de Belém')).toBeTruthy());
    expect(fetch.to('/core/wishlist', 'POST')[0]!.body).toEqual({ featureId: 'f2', listname: 'default' });
  });

  it("adds a saved feature to one of the user's trips at its place; trips elsewhere or read-only are not offered", async () => {
    const { fetch } = mockWishlistApi({ lists: { default: [TOWER] }, extra: otherModules() });
    renderWishlist();
    await screen.findByRole('article', { name: 'Belém Tower' });
    fireEvent.click(within(card('Belém Tower')).getByRole('button', { name: 'Add to trip: Belém Tower' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add “Belém Tower” to a trip' });
    const trips = await within(dialog).findByRole('list', { name: 'Trips' });
    expect(
      within(trips)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Lisbon in May05.05.2031']);

    fireEvent.click(within(trips).getByRole('button', { name: /Lisbon in May/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetch.to('/core/trips/t-lisbon/features', 'POST')[0]!.body).toEqual({ featureIds: ['f1'] });
    expect(await screen.findByText('Added “Belém Tower” to Lisbon in May')).toBeTruthy();
  });

  it('without a trip at the place, says so and links to the place page', async () => {
    mockWishlistApi({ lists: { default: [TOWER] }, extra: otherModules([PORTO_TRIP]) });
    const { router } = renderWishlist();
    await screen.findByRole('article', { name: 'Belém Tower' });
    fireEvent.click(within(card('Belém Tower')).getByRole('button', { name: 'Add to trip: Belém Tower' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() =>
      expect(dialog.textContent).toContain('No trip to Lisbon yet — pick it on the place page to start one'),
    );
    fireEvent.click(within(dialog).getByRole('link', { name: 'pick it on the place page' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/place/portugal/city/lisbon/lisbon'));
  });

  it('a list that fails to load offers Try again', async () => {
    let fail = true;
    mockWishlistApi({
      lists: { default: [TOWER] },
      extra: (request) => {
        if (request.path === '/core/wishlist/all' && fail) {
          fail = false;
          return jsonResponse(500, { statusCode: 500, code: 'INTERNAL', message: 'boom' });
        }
        return otherModules()(request);
      },
    });
    renderWishlist();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We could not load this list.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Belém Tower' })).toBeTruthy();
  });
});
