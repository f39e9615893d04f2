// The benchmarks run from the repository and report what they promise. A tiny configuration of
// each (seconds, not minutes): the figures themselves are not asserted, only that the scripts
// measure, print and write their results. The real runs are `npm run bench` (see bench/README.md).
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { onlyResultFile, runBenchInTemp } from './run-bench.mjs';

/**
 * Runs a WebSocket bench (messaging, live) in a temp folder: it ends with 0 and reports one
 * instance alone, then two sharing PostgreSQL and Redis; resolves to its results and output.
 */
async function runTwoSetups(script, folder, env) {
  const { code, output, results } = await runBenchInTemp(script, env);
  expect(code, output).toBe(0);
  const data = onlyResultFile(join(results, folder), output, () => true);
  expect(data.rows.map((r) => [r.instances, r.redis])).toEqual([
    [1, false],
    [2, true],
  ]);
  return { data, output };
}

describe('benchmarks', () => {
  it('[PERF-01] the catalogue bench drives every scenario with autocannon, prints req/s, p50, p99 and ratios, and writes its JSON', async () => {
    const { code, output, results } = await runBenchInTemp('catalogue.mjs', {
      BENCH_ENGINES: 'pglite',
      BENCH_PGLITE_PLACES: 'curated',
      BENCH_PGLITE_FEATURES: '2000',
      BENCH_DURATION: '1',
      BENCH_CONNECTIONS: '2',
    });
    expect(code, output).toBe(0);
    expect(output).toMatch(/autocomplete/);
    const data = onlyResultFile(results, output, (f) => f.endsWith('-pglite.json'));
    expect(data.rows.map((r) => r.scenario)).toEqual([
      'autocomplete',
      'feature search',
      'categories',
      'suggestions',
      'place by id',
    ]);
    for (const row of data.rows) {
      expect(row.reqPerSec, row.scenario).toBeGreaterThan(0);
      expect(row.p99, row.scenario).toEqual(expect.any(Number));
      expect(row.non2xx, row.scenario).toBe(0);
    }
    // Cached reads are compared with a bare route measured in the same run.
    expect(data.rows.find((r) => r.scenario === 'categories').ratio).toEqual(expect.any(Number));
  }, 180_000);

  it('[PERF-03] the messaging bench delivers every message over WebSockets on one instance and across two sharing PostgreSQL and Redis, reporting p50/p99 and messages per second', async () => {
    const { data, output } = await runTwoSetups('messaging.mjs', 'messaging', {
      BENCH_MSG_CLIENTS: '20',
      BENCH_MSG_RATE: '20',
      BENCH_MSG_DURATION: '2',
    });
    for (const row of data.rows) {
      expect(row.sent, row.setup).toBe(40);
      expect(row.httpErrors, row.setup).toBe(0);
      // Nothing lost or duplicated, also when every message crosses Redis to the other instance.
      expect(row.delivered, row.setup).toBe(row.sent);
      expect(row.duplicates, row.setup).toBe(0);
      expect(row.p50, row.setup).toEqual(expect.any(Number));
      expect(row.p99, row.setup).toEqual(expect.any(Number));
      expect(row.deliveredPerSec, row.setup).toBeGreaterThan(0);
    }
    expect(output).toMatch(/\| setup \| sent \| delivered/);
  }, 180_000);

  it('the live bench brings every trip change to the other members over WebSockets on one instance and across two, reporting percentiles per write kind', async () => {
    const { data, output } = await runTwoSetups('live.mjs', 'live', {
      BENCH_LIVE_TRIPS: '4',
      BENCH_LIVE_RATE: '6',
      BENCH_LIVE_DURATION: '2',
      BENCH_LIVE_WARMUP: '0',
    });
    for (const row of data.rows) {
      expect(
        row.kinds.map((k) => k.kind),
        row.setup,
      ).toEqual(['rename trip', 'move planner note', 'tick packing item']);
      // A write due while every trip still waits for its previous change is skipped (and counted).
      expect(row.overall.writes + row.skipped, row.setup).toBe(12);
      expect(row.overall.writes, row.setup).toBeGreaterThan(0);
      expect(row.httpErrors, row.setup).toBe(0);
      // Every other member hears of every change once, also across Redis; figures only reported.
      expect(row.overall.missed, row.setup).toBe(0);
      expect(row.overall.frames, row.setup).toBe(row.overall.expected);
      expect(row.unexpected, row.setup).toBe(0);
      expect(row.overall.p95, row.setup).toEqual(expect.any(Number));
      expect(row.overall.ratioP95, row.setup).toEqual(expect.any(Number));
    }
    expect(output).toMatch(/\| setup \| write \| writes/);
  }, 180_000);
});
