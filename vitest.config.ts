import { defineConfig } from 'vitest/config';

/**
 * Web tests that a VM context cannot host run in a process of their own: one replaces
 * `window.location` (not redefinable there), one hands the platform's Response a stream made in
 * the test's realm.
 */
const WEB_OWN_PROCESS = ['src/lib/api-auth.test.ts', 'src/lib/api-client.test.ts'];

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
          // A worker runs its files one after another in one process: the app's modules are loaded
          // and the embedded engine compiled once per worker, not once per file. Every file builds
          // its own apps on its own databases, as on PostgreSQL, where a worker's files share one
          // database (decision 033).
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        // No dependency pre-bundling in tests (Vitest loads node_modules as they are): without
        // this, Vite scans the app's entries at start and trips over the Lingui macros.
        optimizeDeps: { noDiscovery: true },
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: WEB_OWN_PROCESS,
          environment: 'jsdom',
          setupFiles: ['./test/setup.ts'],
          testTimeout: 60_000,
          // Each file in a fresh VM context of a reused worker: as isolated as a process per file,
          // at less than half its CPU time (decision 033).
          pool: 'vmThreads',
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        optimizeDeps: { noDiscovery: true },
        test: {
          name: 'web-own-process',
          root: './apps/web',
          include: WEB_OWN_PROCESS,
          environment: 'jsdom',
          setupFiles: ['./test/setup.ts'],
          testTimeout: 60_000,
          pool: 'forks',
          sequence: { groupOrder: 0 },
        },
      },
    ],
  },
});
