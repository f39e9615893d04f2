// The pieces of `npm test`, without side effects, so they can be tested on their own.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

/** Runs each step (a node script with arguments) in turn; returns how many failed. */
export function runSteps(steps, { cwd, env = process.env, log = console } = {}) {
  let failedSteps = 0;
  for (const step of steps) {
    log.log(`\n▶ ${step.name}`);
    const result = spawnSync(process.execPath, step.args, {
      cwd,
      stdio: 'inherit',
      env: { ...env, ...step.env },
    });
    if (result.status !== 0) {
      failedSteps += 1;
      log.error(`✗ ${step.name} failed (exit ${result.status ?? result.signal})`);
    }
  }
  return failedSteps;
}

const readJson = (file) => (file && existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined);

/** One closing line summing Vitest's and Playwright's JSON reports: "<label>: N passed, N failed, N skipped". */
export function summarize(label, { vitestJson, playwrightJson, failedSteps }) {
  const v = readJson(vitestJson);
  const p = readJson(playwrightJson);
  const passed = (v?.numPassedTests ?? 0) + (p?.stats?.expected ?? 0) + (p?.stats?.flaky ?? 0);
  let failed = (v?.numFailedTests ?? 0) + (p?.stats?.unexpected ?? 0);
  // A runner that crashed before reporting still counts as a failure.
  if (failedSteps > 0 && failed === 0) failed = failedSteps;
  const skipped = (v?.numPendingTests ?? 0) + (v?.numTodoTests ?? 0) + (p?.stats?.skipped ?? 0);
  return `${label}: ${passed} passed, ${failed} failed, ${skipped} skipped`;
}
