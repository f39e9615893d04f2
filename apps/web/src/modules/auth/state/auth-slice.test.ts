import { describe, expect, it } from 'vitest';
import { authenticate, authSlice, clearAuth, selectAccessToken, selectHasSession } from './auth-slice.ts';

const reducer = authSlice.reducer;

describe('auth slice', () => {
  it('[STATE-07] starts without tokens', () => {
    expect(reducer(undefined, { type: '@@init' })).toEqual({ accessToken: null, refreshToken: null });
  });

  it('[STATE-07] authenticate stores accessToken and refreshToken', () => {
    const state = reducer(undefined, authenticate({ accessToken: 'a1', refreshToken: 'r1' }));
    expect(state).toEqual({ accessToken: 'a1', refreshToken: 'r1' });
    expect(reducer(state, authenticate({ accessToken: 'a2', refreshToken: 'r2' }))).toEqual({
      accessToken: 'a2',
      refreshToken: 'r2',
    });
  });

  it('[STATE-07] clearing auth empties both tokens', () => {
    const state = reducer({ accessToken: 'a1', refreshToken: 'r1' }, clearAuth());
    expect(state).toEqual({ accessToken: null, refreshToken: null });
    expect(selectAccessToken({ auth: state })).toBeNull();
    expect(selectHasSession({ auth: state })).toBe(false);
  });
});
