import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Two cores on the reference machine: keep parallelism modest. The benchmarks' smoke runs are
    // not here: `npm run bench:smoke` (vitest.bench.config.ts).
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'repo',
          include: ['test/repo/**/*.test.mjs'],
          exclude: ['test/repo/bench*.test.mjs'],
          environment: 'node',
          testTimeout: 30_000,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'contracts',
          include: ['packages/contracts/src/**/*.test.ts'],
          environment: 'node',
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts', 'apps/api/test/**/*.test.ts'],
          environment: 'node',
          // A migrated and seeded database made once per run, copied per worker (PostgreSQL) or
          // loaded per test database (PGlite): apps/api/test/helpers/database-template.ts.
          globalSetup: ['./apps/api/test/helpers/database-template.ts'],
          setupFiles: ['./apps/api/test/helpers/worker-database.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./test/setup.ts'],
          testTimeout: 60_000,
          sequence: { groupOrder: 0 },
        },
      },
    ],
  },
});
