import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useStore } from 'react-redux';
import { loadSession } from '../store/session.ts';
import { type RootState, useAppDispatch } from '../store/store.ts';

/**
 * Session bootstrap (SPEC §7, AUTH-34): once per page load, after the persisted state is back,
 * a stored session is checked with GET /users/users/me; a failure resets the session.
 */
export function SessionBootstrap() {
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  const queryClient = useQueryClient();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const { accessToken, refreshToken } = store.getState().auth;
    if (accessToken || refreshToken) void dispatch(loadSession(queryClient));
  }, [dispatch, store, queryClient]);

  return null;
}
