#!/usr/bin/env node
// npm test: the whole suite (unit, API integration, browser end-to-end) on a fresh clone.
// Runs on PGlite by default and on PostgreSQL when DATABASE_URL is set. Exits non-zero on any failure
// and closes with one line "N passed, N failed" summing every runner.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureDependencies, ensureWebBuild, root } from './ensure.mjs';

ensureDependencies();
ensureWebBuild();

const engine = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const reports = join(root, 'test-results');
mkdirSync(reports, { recursive: true });
const vitestJson = join(reports, 'vitest.json');
const playwrightJson = join(reports, 'playwright.json');
rmSync(vitestJson, { force: true });
rmSync(playwrightJson, { force: true });

const extra = process.argv.slice(2);
const steps = [
  {
    name: 'unit + integration',
    args: [
      join(root, 'node_modules/vitest/vitest.mjs'),
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${vitestJson}`,
      ...extra,
    ],
    env: {},
  },
  {
    name: 'end-to-end',
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

let failedSteps = 0;
for (const step of steps) {
  console.log(`\n▶ ${step.name} tests on ${engine}`);
  const result = spawnSync(process.execPath, step.args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'test', ...step.env },
  });
  if (result.status !== 0) {
    failedSteps += 1;
    console.error(`✗ ${step.name} tests failed (exit ${result.status ?? result.signal})`);
  }
}

const read = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined);
const v = read(vitestJson);
const p = read(playwrightJson);
const passed = (v?.numPassedTests ?? 0) + (p?.stats?.expected ?? 0) + (p?.stats?.flaky ?? 0);
const failed =
  (v?.numFailedTests ?? 0) +
  (p?.stats?.unexpected ?? 0) +
  (failedSteps > 0 && !v?.numFailedTests && !p?.stats?.unexpected ? 1 : 0);
const skipped = (v?.numPendingTests ?? 0) + (v?.numTodoTests ?? 0) + (p?.stats?.skipped ?? 0);
console.log(`\n${engine}: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failedSteps === 0 ? 0 : 1);
