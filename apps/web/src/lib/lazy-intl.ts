/**
 * A formatter built on first use. The first `Intl` object a page builds loads the locale and time
 * zone data (about 25–55 ms on a desktop, four times that on a mid-range phone): built at module
 * load, that cost lands in the first script evaluation of every page, dates shown or not.
 */
export function lazyIntl<T>(build: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= build());
}

/**
 * Formatters built on first use, one per key (the locale, the zone and the options it was asked
 * for): lib/format's helpers follow the active language without building anything at start-up.
 */
export function lazyIntlBy<T>(build: (key: string) => T): (key: string) => T {
  const built = new Map<string, T>();
  return (key) => {
    let value = built.get(key);
    if (value === undefined) {
      value = build(key);
      built.set(key, value);
    }
    return value;
  };
}
