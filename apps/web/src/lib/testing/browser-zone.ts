/**
 * Makes every Intl date formatter built without a zone use `zone`, as a browser set to that zone
 * does, until the returned restore is called: proof that nothing shown depends on the browser's
 * zone (process.env.TZ does not reach the worker threads the tests run in).
 */
export function browserInZone(zone: string): () => void {
  const Real = Intl.DateTimeFormat;
  class InZone extends Real {
    constructor(locales?: string | string[], options: Intl.DateTimeFormatOptions = {}) {
      super(locales, { ...options, timeZone: options.timeZone ?? zone });
    }
  }
  Object.defineProperty(Intl, 'DateTimeFormat', { value: InZone, configurable: true, writable: true });
  return () =>
    Object.defineProperty(Intl, 'DateTimeFormat', { value: Real, configurable: true, writable: true });
}
