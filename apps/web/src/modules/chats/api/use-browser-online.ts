import { useSyncExternalStore } from 'react';

/**
 * Whether the browser has a network, for the chat screens. The same events as lib/network-status,
 * without its TanStack onlineManager import: a lazy chunk importing that module moved the
 * onlineManager into a chunk of its own in the first download.
 */
function subscribe(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

export function useBrowserOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine !== false,
    () => true,
  );
}
