/**
 * Whether the browser has a network: `navigator.onLine`, kept current by the window's 'online'
 * and 'offline' events. Imports nothing else, so a lazy chunk may use it without pulling TanStack
 * Query's onlineManager into the first download (network-status.ts adds that link).
 */
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
