/**
 * Whether the browser has a network: `navigator.onLine`, kept current by the window's 'online'
 * and 'offline' events. TanStack Query's onlineManager is started from the same value
 * (`syncQueryOnlineState`), so queries with saved data wait for the network instead of failing,
 * and the offline banner and the queries never disagree.
 */
import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

/** The browser's current network state (true where the browser cannot tell). */
export function isOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

/** Calls `listener` on every change of the network state; returns the unsubscribe. */
export function subscribeOnline(listener: () => void): () => void {
  if (typeof window === 'undefined') return () => undefined;
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** The network state as a React value: re-renders when the browser goes offline or back online. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, isOnline, () => true);
}

/**
 * TanStack Query assumes a network at start; a page loaded offline tells it the truth, so a
 * query with saved data shows it and waits (fetchStatus 'paused') rather than failing.
 */
export function syncQueryOnlineState(): void {
  onlineManager.setOnline(isOnline());
}
