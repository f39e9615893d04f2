import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { Provider } from 'react-redux';
import { describe, expect, it } from 'vitest';
import { makeStore, signIn, TEST_USER } from '../../../test/shell-test-utils.tsx';
import { openKeyValueStore } from '../../lib/idb-store.ts';
import { OFFLINE_DB_NAME, OFFLINE_STORE_NAME, type SavedQueries } from '../../lib/offline-query-cache.ts';
import { clearUser } from '../../modules/users/state/user-slice.ts';
import { OfflineCache } from './offline-cache.tsx';

const saved = openKeyValueStore<SavedQueries>(OFFLINE_DB_NAME, OFFLINE_STORE_NAME)!;

function renderCache() {
  const { store } = makeStore();
  const queryClient = new QueryClient();
  render(
    <StrictMode>
      <Provider store={store}>
        <QueryClientProvider client={queryClient}>
          <OfflineCache />
        </QueryClientProvider>
      </Provider>
    </StrictMode>,
  );
  return { store, queryClient };
}

describe('OfflineCache', () => {
  it('saves the signed-in user’s answers; logging out deletes them', async () => {
    const { store, queryClient } = renderCache();
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

  it('restores a user’s saved answers on start; another user signing in deletes them', async () => {
    const first = renderCache();
    signIn(first.store);
    first.queryClient.setQueryData(['crew'], [{ _id: 'friend' }]);
    await waitFor(async () => expect(await saved.keys()).toEqual(['user:u-1']));

    const reloaded = renderCache();
    signIn(reloaded.store);
    await waitFor(() => expect(reloaded.queryClient.getQueryData(['crew'])).toEqual([{ _id: 'friend' }]));

    const other = renderCache();
    signIn(other.store, { ...TEST_USER, _id: 'u-2' });
    await waitFor(async () => expect(await saved.keys()).not.toContain('user:u-1'));
    expect(other.queryClient.getQueryData(['crew'])).toBeUndefined();
  });
});
