import { defineConfig } from 'vitest/config';

/**
 * The fault suite (npm run test:faults, OPS-08..10): kills, restarts and starves the real server.
 * Not part of `npm test`. Files run one at a time (each starts servers and databases of its own),
 * with generous timeouts; every test cleans up what it started, even when it fails.
 */
export default defineConfig({
  test: {
    include: ['test/faults/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 150_000,
    hookTimeout: 60_000,
    teardownTimeout: 30_000,
  },
});
