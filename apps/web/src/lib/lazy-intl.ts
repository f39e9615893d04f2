/**
 * A formatter built on first use. The first `Intl` object a page builds loads the locale and time
 * zone data (about 25–55 ms on a desktop, four times that on a mid-range phone): built at module
 * load, that cost lands in the first script evaluation of every page, dates shown or not.
 */
export function lazyIntl<T>(build: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= build());
}
