#!/usr/bin/env node
// npm test: the whole suite (unit, API integration, browser end-to-end) on a fresh clone.
// Runs on PGlite by default and on PostgreSQL when DATABASE_URL is set. Exits non-zero on any failure
// and closes with one line "N passed, N failed" summing every runner.
// TEST_SCOPE=database: only the suites that reach the database (the API's unit and integration tests
// and the browser journeys). The web app's unit tests, the repository checks and the benchmark smoke
// runs never read DATABASE_URL (the benchmarks pick their own engine), so a second run on another
// engine repeats them unchanged; CI runs them once, on PGlite.
import { mkdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { ensureDependencies, ensureWebBuild, root } from './ensure.mjs';
import { runSteps, summarize } from './test-runner.mjs';

const scope = process.env.TEST_SCOPE ?? 'all';
if (!['all', 'database'].includes(scope)) {
  console.error(`TEST_SCOPE must be "all" or "database", not "${scope}"`);
  process.exit(2);
}

ensureDependencies();
ensureWebBuild();

const engine = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const vitestProjects = scope === 'database' ? ['--project', 'api'] : [];
// Not Playwright's output folder: Playwright empties that one when it starts.
const reports = join(root, 'test-reports');
mkdirSync(reports, { recursive: true });
const vitestJson = join(reports, 'vitest.json');
const playwrightJson = join(reports, 'playwright.json');
rmSync(vitestJson, { force: true });
rmSync(playwrightJson, { force: true });

const steps = [
  {
    name: `unit + integration tests on ${engine}${scope === 'database' ? ' (the API only: TEST_SCOPE=database)' : ''}`,
    args: [
      join(root, 'node_modules/vitest/vitest.mjs'),
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${vitestJson}`,
      ...vitestProjects,
      ...process.argv.slice(2),
    ],
    env: {},
  },
  {
    name: `end-to-end tests on ${engine}`,
    args: [
      join(root, 'node_modules/@playwright/test/cli.js'),
      'test',
      '-c',
      'apps/web/playwright.config.ts',
      '--reporter=list,json',
    ],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson },
  },
];

// The browser tests' server gets a free port, so a second run on the machine cannot collide.
const freePort = () =>
  new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
const e2ePort = process.env.E2E_PORT ?? String(await freePort());

const failedSteps = runSteps(steps, {
  cwd: root,
  env: { ...process.env, NODE_ENV: 'test', E2E_PORT: e2ePort },
});
console.log(`\n${summarize(engine, { vitestJson, playwrightJson, failedSteps })}`);
process.exit(failedSteps === 0 ? 0 : 1);
