/** Where a query's fetches are copied to (e.g. the actions of a persisted Redux slice). */
export interface QueryMirror<T> {
  /** A fetch started. */
  fetching: () => void;
  /** The fetch answered. */
  received: (data: T) => void;
  /** The fetch failed. */
  failed: (error: unknown) => void;
}

/**
 * The query function `queryFn`, reporting each fetch to `mirror` on the query's own success and
 * failure path (at once, not a render later). The query owns the server data; a slice the SPEC
 * names (persisted under its localStorage key) is filled from it this way, never by a fetch of
 * its own.
 */
export function mirroredQueryFn<T, C>(
  queryFn: (context: C) => Promise<T>,
  mirror: QueryMirror<T>,
): (context: C) => Promise<T> {
  return async (context) => {
    mirror.fetching();
    try {
      const data = await queryFn(context);
      mirror.received(data);
      return data;
    } catch (error) {
      mirror.failed(error);
      throw error;
    }
  };
}
