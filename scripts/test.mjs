#!/usr/bin/env node
// npm test: the whole suite (unit, API integration, browser end-to-end) on a fresh clone.
// Runs on PGlite by default and on PostgreSQL when DATABASE_URL is set. Exits non-zero on any failure
// and closes with one line "N passed, N failed" summing every runner.
// TEST_SCOPE=database: only the suites that reach the database (the API's unit and integration tests
// and the browser journeys). The web app's unit tests and the repository checks never read
// DATABASE_URL, so a second run on another engine repeats them unchanged. TEST_SCOPE=no-database:
// the others (and the browser journeys unless TEST_E2E=0). CI runs each suite once: the API's on
// PostgreSQL, the rest in its validate pass (decision 038).
// TEST_E2E=0: without the browser journeys. The browser does not care which engine answers, so CI
// runs them once, in its PostgreSQL pass, and its validate pass sets TEST_E2E=0. Without either
// variable, `npm test` runs everything on PGlite. The benchmarks are not part of `npm test`: see
// `npm run bench:smoke` and `npm run bench`.
import { mkdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { ensureDependencies, ensureWebBuild, root } from './ensure.mjs';
import { runSteps, runStepsAtOnce, summarize } from './test-runner.mjs';

const scope = process.env.TEST_SCOPE ?? 'all';
if (!['all', 'database', 'no-database'].includes(scope)) {
  console.error(`TEST_SCOPE must be "all", "database" or "no-database", not "${scope}"`);
  process.exit(2);
}

const withE2e = process.env.TEST_E2E !== '0';
if (!['0', '1', undefined].includes(process.env.TEST_E2E)) {
  console.error(`TEST_E2E must be "0" or "1", not "${process.env.TEST_E2E}"`);
  process.exit(2);
}

// TEST_AT_ONCE=1: the unit/integration runner and the browser runner at the same time (CI's
// PostgreSQL pass); the web build then runs while the first has started.
const atOnce = process.env.TEST_AT_ONCE === '1';
if (!['0', '1', undefined].includes(process.env.TEST_AT_ONCE)) {
  console.error(`TEST_AT_ONCE must be "0" or "1", not "${process.env.TEST_AT_ONCE}"`);
  process.exit(2);
}

ensureDependencies();
if (withE2e && !atOnce) ensureWebBuild();

const engine = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
// The vitest projects of each scope: the API's alone reaches the database.
const PROJECTS_WITHOUT_DATABASE = ['repo', 'contracts', 'web', 'web-own-process'];
const vitestProjects =
  scope === 'database'
    ? ['--project', 'api']
    : scope === 'no-database'
      ? PROJECTS_WITHOUT_DATABASE.flatMap((project) => ['--project', project])
      : [];
const scopeNote = {
  all: '',
  database: ' (the API only: TEST_SCOPE=database)',
  'no-database': ' (all but the API: TEST_SCOPE=no-database)',
}[scope];
// Not Playwright's output folder: Playwright empties that one when it starts.
const reports = join(root, 'test-reports');
mkdirSync(reports, { recursive: true });
const vitestJson = join(reports, 'vitest.json');
const playwrightJson = join(reports, 'playwright.json');
rmSync(vitestJson, { force: true });
rmSync(playwrightJson, { force: true });

const steps = [
  {
    name: `unit + integration tests on ${engine}${scopeNote}`,
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
  withE2e && {
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
].filter(Boolean);

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

const runOptions = { cwd: root, env: { ...process.env, NODE_ENV: 'test', E2E_PORT: e2ePort } };
const failedSteps =
  atOnce && steps.length > 1
    ? await runStepsAtOnce(steps, { ...runOptions, beforeLast: () => withE2e && ensureWebBuild() })
    : runSteps(steps, runOptions);
console.log(`\n${summarize(engine, { vitestJson, playwrightJson, failedSteps })}`);
process.exit(failedSteps === 0 ? 0 : 1);
