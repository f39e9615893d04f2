/**
 * Exchange rates (issue 24). An expense in another currency than the trip's base keeps the rate it
 * was converted at. That rate is, in order: the one the member entered; the one the trip's latest
 * expense in that currency used; the app's reference table (units per euro, the European Central
 * Bank's daily format), as a cross rate. With FX_RATES_URL set, the server refreshes the table
 * from that feed once a day; with it unset the app makes no network call, and the bundled
 * reference rates (ecb-reference-rates.json, the ECB's rates of one day, its date named) stand in
 * for the table: the form labels them as such, to be checked (issue 35).
 */
import type { Db } from '../../../db/client.ts';
import { findLatestTripRate, findReferenceRates, upsertReferenceRates } from '../core/expenses.repository.ts';
import { formatRate, parseRate } from '../core/money.ts';
import bundled from './ecb-reference-rates.json' with { type: 'json' };

/** Decimals kept in a cross rate computed from the reference table. */
const CROSS_RATE_DECIMALS = 12n;

export interface ResolvedRate {
  rate: string;
  /** base: the same currency; trip: the trip's latest; table: the daily feed; bundled: the app's own. */
  source: 'base' | 'trip' | 'table' | 'bundled';
  asOf: string | null;
}

/** The bundled ECB reference rates: units of a currency for one euro, of one day. */
export const BUNDLED_RATES: { asOf: string; perEur: Readonly<Record<string, string>> } = bundled;

/** `currency` in `base` from the bundled rates (null when either is not among them). */
function bundledRate(currency: string, base: string): ResolvedRate | null {
  const perEur = (code: string) => (code === 'EUR' ? '1' : BUNDLED_RATES.perEur[code]);
  const basePerEur = perEur(base);
  const currencyPerEur = perEur(currency);
  const rate = basePerEur && currencyPerEur ? crossRate(basePerEur, currencyPerEur) : null;
  return rate ? { rate, source: 'bundled', asOf: BUNDLED_RATES.asOf } : null;
}

/** Units of `base` for one unit of `currency`, from two per-euro rates (rounded half up). */
export function crossRate(perEurBase: string, perEurCurrency: string): string | null {
  const base = parseRate(perEurBase);
  const other = parseRate(perEurCurrency);
  if (!base || !other) return null;
  const scale = 10n ** CROSS_RATE_DECIMALS;
  // (base.units / base.scale) / (other.units / other.scale), in units of 1/scale.
  const numerator = base.units * other.scale * scale;
  const denominator = base.scale * other.units;
  const units = (numerator * 2n + denominator) / (2n * denominator);
  if (units === 0n) return null;
  return formatRate({ units, scale });
}

/** The rate the app would use for `currency` in a trip whose base is `base` (null: none known). */
export async function resolveRate(
  conn: Db,
  tripId: string,
  currency: string,
  base: string,
): Promise<ResolvedRate | null> {
  if (currency === base) return { rate: '1', source: 'base', asOf: null };
  const latest = await findLatestTripRate(conn, tripId, currency, base);
  if (latest) return { rate: latest.rate, source: 'trip', asOf: latest.spentOn };
  const wanted = [currency, base].filter((code) => code !== 'EUR');
  const rows = new Map((await findReferenceRates(conn, wanted)).map((row) => [row.currency, row]));
  const perEur = (code: string) => (code === 'EUR' ? '1' : rows.get(code)?.perEur);
  const basePerEur = perEur(base);
  const currencyPerEur = perEur(currency);
  if (!basePerEur || !currencyPerEur) return bundledRate(currency, base);
  const rate = crossRate(basePerEur, currencyPerEur);
  if (!rate) return bundledRate(currency, base);
  const asOf = [rows.get(currency)?.asOf, rows.get(base)?.asOf].filter(Boolean).sort()[0] ?? null;
  return { rate, source: 'table', asOf };
}

/**
 * Reads an ECB-format feed (eurofxref-daily.xml: `<Cube time="…">` holding
 * `<Cube currency="USD" rate="1.0512"/>` entries). Entries that are not a known-looking code with
 * a positive decimal rate are skipped.
 */
export function parseEcbFeed(
  xml: string,
): { asOf: string; rates: { currency: string; perEur: string }[] } | null {
  const time = /<Cube\s+time=['"](\d{4}-\d{2}-\d{2})['"]/.exec(xml)?.[1];
  if (!time) return null;
  const rates: { currency: string; perEur: string }[] = [];
  const entry = /<Cube\s+currency=['"]([A-Z]{3})['"]\s+rate=['"]([0-9.]+)['"]\s*\/>/g;
  for (const match of xml.matchAll(entry)) {
    const [, currency = '', perEur = ''] = match;
    if (parseRate(perEur)) rates.push({ currency, perEur });
  }
  return rates.length > 0 ? { asOf: time, rates } : null;
}

export interface RateRefresher {
  /** Fetches the feed once and stores its rates; resolves to how many were stored. */
  refresh(): Promise<number>;
  /** Refreshes now and then once a day, until stop(). */
  start(): void;
  stop(): void;
}

export const RATES_REFRESH_MS = 24 * 60 * 60 * 1000;
const FEED_TIMEOUT_MS = 10_000;

export function createRateRefresher(deps: {
  db: Db;
  url: string;
  log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
  fetch?: typeof fetch;
}): RateRefresher {
  const get = deps.fetch ?? fetch;
  let timer: ReturnType<typeof setInterval> | null = null;
  async function refresh(): Promise<number> {
    const response = await get(deps.url, { signal: AbortSignal.timeout(FEED_TIMEOUT_MS) });
    if (!response.ok) throw new Error(`the rates feed answered ${response.status}`);
    const feed = parseEcbFeed(await response.text());
    if (!feed) throw new Error('the rates feed holds no rates');
    await upsertReferenceRates(
      deps.db,
      feed.rates.map((rate) => ({ ...rate, asOf: feed.asOf })),
    );
    return feed.rates.length;
  }
  const run = () =>
    refresh()
      .then((count) => deps.log.info({ count }, 'exchange rates refreshed'))
      .catch((error: unknown) =>
        deps.log.warn(
          { err: error instanceof Error ? error.message : String(error) },
          'exchange rates not refreshed',
        ),
      );
  return {
    refresh,
    start() {
      if (timer) return;
      void run();
      timer = setInterval(run, RATES_REFRESH_MS);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}
