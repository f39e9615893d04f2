import { configureStore } from '@reduxjs/toolkit';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { CURRENT_USER_KEY, setCurrentUser, updateCurrentUser } from '../api/get-current-user.ts';
import { projectUser, seedCurrentUser } from './user-projection.ts';
import { clearUser, signedOutUser, userSlice, type UserProfile } from './user-slice.ts';

const ADA: UserProfile = {
  _id: 'u-1',
  name: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  image: null,
};

function projected() {
  const store = configureStore({ reducer: { user: userSlice.reducer } });
  const queryClient = new QueryClient();
  const stop = projectUser(queryClient, store.dispatch);
  return { store, queryClient, stop };
}

describe('the user slice follows the current user query (decision 011)', () => {
  it('a sign-in written into the query is in the slice at once', () => {
    const { store, queryClient } = projected();
    setCurrentUser(queryClient, { ...ADA, accessToken: 'a1', refreshToken: 'r1' } as UserProfile);
    expect(store.getState().user).toEqual({ ...ADA, isAuthenticated: true });
    // The query holds the profile only, not the sign-in's tokens.
    expect(queryClient.getQueryData(CURRENT_USER_KEY)).toEqual(ADA);
  });

  it('a profile change of the query (a new picture) reaches the slice; the same answer keeps the state', () => {
    const { store, queryClient } = projected();
    setCurrentUser(queryClient, ADA);
    const before = store.getState().user;
    setCurrentUser(queryClient, { ...ADA });
    expect(store.getState().user).toBe(before);
    const image = { original: '/uploads/a.jpg', thumbnail: '/uploads/a-thumb.jpg' };
    updateCurrentUser(queryClient, { image });
    expect(store.getState().user.image).toEqual(image);
  });

  it('a failed session check writes nothing: the saved user stays', async () => {
    const { store, queryClient } = projected();
    seedCurrentUser(queryClient, { ...ADA, isAuthenticated: true });
    await expect(
      queryClient.fetchQuery({
        queryKey: CURRENT_USER_KEY,
        queryFn: () => Promise.reject(new TypeError('Failed to fetch')),
        retry: false,
      }),
    ).rejects.toThrow('Failed to fetch');
    expect(store.getState().user).toEqual({ ...ADA, isAuthenticated: true });
  });

  it('signing out (the query removed, the slice reset) leaves it cleared; the next sign-in fills it again', () => {
    const { store, queryClient } = projected();
    setCurrentUser(queryClient, ADA);
    queryClient.clear();
    store.dispatch(clearUser());
    expect(store.getState().user).toEqual(signedOutUser);
    updateCurrentUser(queryClient, { name: 'Late' });
    expect(store.getState().user).toEqual(signedOutUser);
    setCurrentUser(queryClient, { ...ADA, _id: 'u-2', name: 'Bo' });
    expect(store.getState().user).toMatchObject({ isAuthenticated: true, _id: 'u-2', name: 'Bo' });
  });

  it('a signed-in start seeds the query from the saved user (stale, so the check asks the server)', () => {
    const queryClient = new QueryClient();
    seedCurrentUser(queryClient, { ...ADA, isAuthenticated: true });
    expect(queryClient.getQueryData(CURRENT_USER_KEY)).toEqual(ADA);
    expect(queryClient.getQueryState(CURRENT_USER_KEY)?.dataUpdatedAt).toBe(0);
    const signedOut = new QueryClient();
    seedCurrentUser(signedOut, signedOutUser);
    expect(signedOut.getQueryData(CURRENT_USER_KEY)).toBeUndefined();
  });

  it('stops writing once unsubscribed', () => {
    const { store, queryClient, stop } = projected();
    stop();
    setCurrentUser(queryClient, ADA);
    expect(store.getState().user).toEqual(signedOutUser);
  });
});
