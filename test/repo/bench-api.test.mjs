// The API request path bench (`npm run bench:api`, bench/api.mjs) in a tiny configuration: two
// trips, a second per scenario, two connections, PostgreSQL only. The figures themselves are not
// asserted (the machine is shared), only that every scenario is measured next to the hello and
// raw references, that nothing answers 5xx, that the raw reference answers what the API answers,
// and that the RSS figures and the JSON file are there.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runBench } from './run-bench.mjs';

const results = mkdtempSync(join(tmpdir(), 'tripcrew-bench-api-'));
afterAll(() => rmSync(results, { recursive: true, force: true }));

const READS = [
  'trips list',
  'trip',
  'planner',
  'trip features',
  'trip bookings',
  'users/me',
  'notifications',
  'chats',
  'wishlist ids',
];
const WRITES = [
  'create trip',
  'rename trip',
  'planner move',
  'checklist save',
  'send message',
  'add booking',
];

describe('api bench', () => {
  it('[PERF-01] drives every authenticated read and write with autocannon next to the hello and raw references, reporting req/s, p50, p99, bytes, RSS and writing its JSON', async () => {
    const { code, output } = await runBench('api.mjs', {
      BENCH_ENGINES: 'postgres',
      BENCH_API_DURATION: '1',
      BENCH_API_WARMUP: '0',
      BENCH_API_CONNECTIONS: '2',
      BENCH_API_WRITE_CONNECTIONS: '2',
      BENCH_API_TRIPS: '2',
      BENCH_API_USERS: '3',
      BENCH_RESULTS_DIR: results,
      BENCH_MAX_SECONDS: '220',
    });
    expect(code, output).toBe(0);
    const files = readdirSync(join(results, 'api')).filter((f) =>
      /^\d{4}-\d{2}-\d{2}-postgres\.json$/.test(f),
    );
    expect(files).toHaveLength(1);
    const data = JSON.parse(readFileSync(join(results, 'api', files[0]), 'utf8'));
    expect(data.rows.map((r) => r.scenario)).toEqual([...READS, ...WRITES]);
    for (const row of data.rows) {
      expect(row.reqPerSec, row.scenario).toBeGreaterThan(0);
      expect(row.p50, row.scenario).toEqual(expect.any(Number));
      expect(row.p99, row.scenario).toEqual(expect.any(Number));
      expect(row.status5xx, row.scenario).toBe(0);
      expect(row.apiBytes, row.scenario).toBeGreaterThan(0);
      // Both references answered under the same load, the raw one without a 5xx.
      expect(row.hello.reqPerSec, row.scenario).toBeGreaterThan(0);
      expect(row.helloRatio, row.scenario).toEqual(expect.any(Number));
      expect(row.raw.reqPerSec, row.scenario).toBeGreaterThan(0);
      expect(row.raw.status5xx, row.scenario).toBe(0);
      expect(row.rawRatio, row.scenario).toEqual(expect.any(Number));
      expect(row.rawBytes, row.scenario).toBeGreaterThan(0);
      // The raw reference answers the same JSON: byte for byte on reads, the same shape on writes.
      if (row.kind === 'read') expect(row.answers, row.scenario).toBe('identical');
      else expect(['identical', 'same shape'], row.scenario).toContain(row.answers);
    }
    expect(data.rss.idleMb).toBeGreaterThan(0);
    expect(data.rss.postLoadMb).toBeGreaterThan(0);
    expect(data.rss.idleAfterLoadMb).toBeGreaterThan(0);
    expect(output).toMatch(/API server RSS: idle \d+(\.\d)? MB, after load \d+(\.\d)? MB/);
  }, 240_000);
});
