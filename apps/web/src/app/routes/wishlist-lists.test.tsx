import { act, fireEvent, screen, within, waitFor } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterEach, describe, expect, it } from 'vitest';
import { resetMocksAfterEach } from '../../../test/shell-test-utils.tsx';
import { makeWishFeature, mockWishlistApi } from '../../modules/wishlist/testing/wishlist-fixtures.ts';
import { renderWishlistPage } from './wishlist-test-page.tsx';

const TOWER = makeWishFeature('f1', { title: 'Belém Tower' });
const TARTS = makeWishFeature('f2', { title: 'Pastéis de Belém' });

const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);
const dialog = () => screen.getByRole('dialog');

resetMocksAfterEach();
afterEach(() => act(() => toast.dismiss()));

// Under a loaded machine the first test also pays for loading the page's modules.
describe('WishlistPage named lists', { timeout: 60_000 }, () => {
  it('[WISHLIST-03] creates a named list: the name is checked like the API (empty, too long, taken) and the new tab is chosen', async () => {
    const { fetch, lists } = mockWishlistApi({ lists: { default: [TOWER], Museums: [] } });
    const { router } = renderWishlistPage();
    fireEvent.click(await screen.findByRole('button', { name: 'New list' }));
    const input = within(dialog()).getByLabelText('List name');
    expect(document.activeElement).toBe(input);

    fireEvent.click(within(dialog()).getByRole('button', { name: 'Create list' }));
    expect(within(dialog()).getByRole('alert').textContent).toBe('Give the list a name');
    fireEvent.change(input, { target: { value: 'x'.repeat(41) } });
    expect(within(dialog()).getByRole('alert').textContent).toBe('A list name has at most 40 characters');
    fireEvent.change(input, { target: { value: ' museums ' } });
    expect(within(dialog()).getByRole('alert').textContent).toBe('You already have a list named "museums".');
    expect(fetch.to('/core/wishlist/lists', 'POST')).toHaveLength(0);

    fireEvent.change(input, { target: { value: ' Food ' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Create list' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetch.to('/core/wishlist/lists', 'POST')[0]!.body).toEqual({ name: 'Food' });
    expect(Object.keys(lists)).toEqual(['default', 'Museums', 'Food']);
    await waitFor(() => expect(tabNames()).toEqual(['default1 (1)', 'Museums0 (0)', 'Food0 (0)']));
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: /^Food/ }).getAttribute('aria-selected')).toBe('true'),
    );
    expect(router.state.location.search).toBe('?list=Food');
    expect(await screen.findByText('Created the list “Food”')).toBeTruthy();
  });

  it('[WISHLIST-03] the default list counts as taken, compared case-insensitively', async () => {
    mockWishlistApi({ lists: { default: [] } });
    renderWishlistPage();
    fireEvent.click(await screen.findByRole('button', { name: 'New list' }));
    const input = within(dialog()).getByLabelText('List name');
    fireEvent.change(input, { target: { value: 'Default' } });
    expect(within(dialog()).getByRole('alert').textContent).toBe('You already have a list named "Default".');
  });

  it('[WISHLIST-03] renames a list in a dialog; the default list offers no rename or delete', async () => {
    const { fetch } = mockWishlistApi({ lists: { default: [TOWER], food: [TARTS] } });
    const { router, store } = renderWishlistPage('/wishlist?list=food');
    expect(await screen.findByText('Pastéis de Belém')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Rename list food' }));
    const input = within(dialog()).getByLabelText('List name');
    expect((input as HTMLInputElement).value).toBe('food');
    fireEvent.change(input, { target: { value: 'Food & drink' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Rename' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetch.to('/core/wishlist/lists/food', 'PATCH')[0]!.body).toEqual({ name: 'Food & drink' });
    await waitFor(() => expect(tabNames()).toEqual(['default1 (1)', 'Food & drink1 (1)']));
    expect(router.state.location.search).toBe('?list=Food+%26+drink');
    expect(store.getState().wishlist.lists).not.toHaveProperty('food');

    fireEvent.click(screen.getByRole('tab', { name: /^default/ }));
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Rename list/ })).toBeNull());
    expect(screen.queryByRole('button', { name: /^Delete list/ })).toBeNull();
  });

  it('[WISHLIST-03] deletes a list after a confirmation that says its features go with it', async () => {
    const { fetch, lists } = mockWishlistApi({ lists: { default: [TOWER], food: [TARTS, TOWER] } });
    const { router } = renderWishlistPage('/wishlist?list=food');
    expect(await screen.findByText('Pastéis de Belém')).toBeTruthy();
    await waitFor(() => expect(tabNames()).toContain('food2 (2)'));

    fireEvent.click(screen.getByRole('button', { name: 'Delete list food' }));
    expect(within(dialog()).getByRole('heading').textContent).toBe('Delete “food”?');
    expect(dialog().textContent).toContain(
      'The 2 features saved on it are removed with it; anything you also saved on another list stays there.',
    );
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetch.to('/core/wishlist/lists/food', 'DELETE')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Delete list food' }));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Delete list' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(lists).not.toHaveProperty('food');
    await waitFor(() => expect(tabNames()).toEqual(['default1 (1)']));
    expect(router.state.location.search).toBe('');
    expect(await screen.findByText('Deleted the list “food”')).toBeTruthy();
  });

  it('[WISHLIST-03] moves a saved feature to another list from the card menu (keyboard)', async () => {
    const { fetch, lists } = mockWishlistApi({ lists: { default: [TOWER, TARTS], food: [] } });
    renderWishlistPage();
    const trigger = await screen.findByRole('button', { name: 'More actions for Pastéis de Belém' });
    trigger.focus();
    fireEvent.keyDown(trigger, { key: 'Enter' });
    const move = await screen.findByRole('menuitem', { name: 'Move to list…' });
    fireEvent.click(move);
    const choice = await screen.findByRole('dialog', { name: 'Move “Pastéis de Belém” to…' });
    fireEvent.click(within(choice).getByRole('button', { name: 'food' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // One request: the server moves it in one transaction.
    expect(fetch.to('/core/wishlist/move', 'POST').map((r) => r.body)).toEqual([
      { featureId: 'f2', from: 'default', to: 'food' },
    ]);
    expect(fetch.to('/core/wishlist', 'POST')).toHaveLength(0);
    expect(fetch.to('/core/wishlist/f2', 'DELETE')).toHaveLength(0);
    expect(lists.food!.map((f) => f._id)).toEqual(['f2']);
    expect(lists.default!.map((f) => f._id)).toEqual(['f1']);
    await waitFor(() =>
      expect(screen.getAllByTestId('wishlist-card').map((card) => card.getAttribute('aria-label'))).toEqual([
        'Belém Tower',
      ]),
    );
    await waitFor(() => expect(tabNames()).toEqual(['default1 (1)', 'food1 (1)']));
    expect(await screen.findByText('Moved “Pastéis de Belém” to food')).toBeTruthy();
  });
});
