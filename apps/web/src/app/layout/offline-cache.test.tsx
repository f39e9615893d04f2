import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { Provider } from 'react-redux';
import { describe, expect, it, vi } from 'vitest';
import { makeStore, signIn, TEST_USER, waitForRehydration } from '../../../test/shell-test-utils.tsx';
import { openKeyValueStore } from '../../lib/idb-store.ts';
import { OFFLINE_DB_NAME, OFFLINE_STORE_NAME, type SavedQueries } from '../../lib/offline-query-cache.ts';
import { clearUser } from '../../modules/users/state/user-slice.ts';
import { OfflineCache } from './offline-cache.tsx';

const saved = openKeyValueStore<SavedQueries>(OFFLINE_DB_NAME, OFFLINE_STORE_NAME)!;

/** The app's providers around OfflineCache, once the persisted slices are back (as in the app). */
async function renderCache() {
  const { store, persistor } = makeStore();
  const queryClient = new QueryClient();
  const { unmount } = render(
    <StrictMode>
      <Provider store={store}>
        <QueryClientProvider client={queryClient}>
          <OfflineCache />
        </QueryClientProvider>
      </Provider>
    </StrictMode>,
  );
  await waitForRehydration(persistor);
  return { store, queryClient, unmount };
}

describe('OfflineCache', () => {
  it('saves the signed-in user’s answers; logging out deletes them', async () => {
    const { store, queryClient } = await renderCache();
    signIn(store);
    queryClient.setQueryData(['trips', 'list'], [{ _id: 't1' }]);
    await waitFor(async () => expect(await saved.keys()).toEqual(['user:u-1']));
    expect((await saved.get('user:u-1'))?.queries.map((query) => query.queryHash)).toEqual([
      '["trips","list"]',
    ]);

    store.dispatch(clearUser());
    queryClient.clear();
    await waitFor(async () => expect(await saved.keys()).toEqual([]));
  });

  it('restores a user’s saved answers when the page opens offline; another user signing in deletes them', async () => {
    const first = await renderCache();
    signIn(first.store);
    first.queryClient.setQueryData(['crew'], [{ _id: 'friend' }]);
    await waitFor(async () => expect(await saved.keys()).toEqual(['user:u-1']));
    first.unmount(); // a reload, offline
    const offline = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);

    const reloaded = await renderCache();
    signIn(reloaded.store);
    await waitFor(() => expect(reloaded.queryClient.getQueryData(['crew'])).toEqual([{ _id: 'friend' }]));
    reloaded.unmount();
    offline.mockRestore();

    // Online, the page reads the server: the saved copy is kept but not put back into memory.
    const online = await renderCache();
    signIn(online.store);
    await waitFor(async () => expect(await saved.keys()).toEqual(['user:u-1']));
    expect(online.queryClient.getQueryData(['crew'])).toBeUndefined();
    online.unmount();

    const other = await renderCache();
    signIn(other.store, { ...TEST_USER, _id: 'u-2' });
    await waitFor(async () => expect(await saved.keys()).not.toContain('user:u-1'));
    expect(other.queryClient.getQueryData(['crew'])).toBeUndefined();
  });
});
