import { defineConfig } from 'vitest/config';

/**
 * The benchmarks' smoke runs (`npm run bench:smoke`): each bench script in a tiny configuration
 * (seconds, not minutes), checking that it measures, prints and writes what it promises. Not part
 * of `npm test`: they load both cores. One at a time; `npm run bench:smoke -- api` (a file filter:
 * api, load, web) or `npm run bench:smoke -- bench.test -t catalogue` (catalogue, messaging, live)
 * runs one. The full runs are `npm run bench` (all) and `npm run bench:<name>`.
 */
export default defineConfig({
  test: {
    include: ['test/repo/bench*.test.mjs'],
    environment: 'node',
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 180_000,
  },
});
