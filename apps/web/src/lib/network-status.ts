/**
 * Whether the browser has a network (browser-online.ts). TanStack Query's onlineManager is started
 * from the same value (`syncQueryOnlineState`), so queries with saved data wait for the network
 * instead of failing, and the offline banner and the queries never disagree.
 */
import { onlineManager } from '@tanstack/react-query';
import { isOnline } from './browser-online.ts';

export { isOnline, subscribeOnline, useOnline } from './browser-online.ts';

/**
 * TanStack Query assumes a network at start; a page loaded offline tells it the truth, so a
 * query with saved data shows it and waits (fetchStatus 'paused') rather than failing.
 */
export function syncQueryOnlineState(): void {
  onlineManager.setOnline(isOnline());
}
