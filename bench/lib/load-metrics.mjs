/**
 * Per-operation figures of the load bench: count, throughput, p50/p95/p99 latency and the
 * errors split by kind (4xx, 5xx, network). Only the measured window counts (`measuring`);
 * sign-up and crew pairing before it are recorded under their own operations.
 */
import { percentile } from './harness.mjs';

/** The operations of the mixed workload, in report order. */
export const OPERATIONS = [
  'autocomplete',
  'place by id',
  'feature search',
  'categories',
  'suggestions',
  'create trip',
  'planner read',
  'add planner note',
  'move planner item',
  'send message',
  'wishlist add',
  'wishlist remove',
  'add expense',
  'read balances',
  'edit shared note',
];

export function createMetrics() {
  const ops = new Map();
  const entry = (name) => {
    let e = ops.get(name);
    if (!e) {
      e = { count: 0, ok: 0, latencies: [], status4xx: {}, status5xx: {}, network: 0, errors: [] };
      ops.set(name, e);
    }
    return e;
  };
  return {
    /** One finished request: `status` is the HTTP status, or 0 for a network error or timeout. */
    record(name, status, ms, detail) {
      const e = entry(name);
      e.count += 1;
      e.latencies.push(ms);
      if (status >= 200 && status < 400) e.ok += 1;
      else if (status >= 400 && status < 500) e.status4xx[status] = (e.status4xx[status] ?? 0) + 1;
      else if (status >= 500) e.status5xx[status] = (e.status5xx[status] ?? 0) + 1;
      else e.network += 1;
      // The first few failures of each operation are kept with their request, for the report.
      if ((status === 0 || status >= 400) && e.errors.length < 5) e.errors.push({ status, ...detail });
    },
    names: () => [...ops.keys()],
    /** The figures of every operation seen, over a window of `seconds`. */
    summary(seconds) {
      const order = (name) => {
        const i = OPERATIONS.indexOf(name);
        return i < 0 ? OPERATIONS.length : i;
      };
      return [...ops.entries()]
        .sort(([a], [b]) => order(a) - order(b))
        .map(([operation, e]) => {
          const sorted = [...e.latencies].sort((x, y) => x - y);
          const sum = (o) => Object.values(o).reduce((t, n) => t + n, 0);
          const round = (v) => (v === null ? null : Math.round(v * 10) / 10);
          return {
            operation,
            count: e.count,
            ok: e.ok,
            perSec: Math.round((e.count / seconds) * 10) / 10,
            p50: round(percentile(sorted, 50)),
            p95: round(percentile(sorted, 95)),
            p99: round(percentile(sorted, 99)),
            max: round(sorted.at(-1) ?? null),
            errors4xx: sum(e.status4xx),
            errors5xx: sum(e.status5xx),
            networkErrors: e.network,
            byStatus: { ...e.status4xx, ...e.status5xx, ...(e.network ? { network: e.network } : {}) },
            sampleErrors: e.errors,
          };
        });
    },
  };
}
