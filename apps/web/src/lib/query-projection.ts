/**
 * A query written out to somewhere else, from the query cache (decision 011): the SPEC's
 * persisted slices that hold server data (the categories, the wishlist's ids) are projections of
 * their queries, written by this subscriber on every change of the query's state and read by
 * nobody but the next start (which seeds the query from them). Screens read the query.
 */
import { hashKey, type QueryClient, type QueryKey, type QueryState } from '@tanstack/react-query';

/**
 * Calls `write` with the state of the query `queryKey` now (when it exists) and on every change
 * of it (added, fetching, answered, failed, invalidated). A removed query (the session reset's
 * `queryClient.clear()`) is not written: whoever removes it resets the projection too. Returns
 * the unsubscribe.
 */
export function projectQuery<T>(
  queryClient: QueryClient,
  queryKey: QueryKey,
  write: (state: QueryState<T>) => void,
): () => void {
  const queryHash = hashKey(queryKey);
  const cache = queryClient.getQueryCache();
  const current = cache.get<T>(queryHash);
  if (current) write(current.state);
  return cache.subscribe((event) => {
    if (event.query.queryHash !== queryHash) return;
    if (event.type === 'added' || event.type === 'updated') write(event.query.state as QueryState<T>);
  });
}
