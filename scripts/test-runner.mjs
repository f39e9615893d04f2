// The pieces of `npm test`, without side effects, so they can be tested on their own.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { setPriority, tmpdir } from 'node:os';
import { join } from 'node:path';

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

/**
 * Runs the steps at the same time (TEST_AT_ONCE=1: CI's PostgreSQL pass runs the API suite beside
 * the browser journeys, which leave a core idle a sixth of the time). The last step writes to the
 * terminal as it goes; the others write to a file each, printed in one piece when they end, so
 * their lines never interleave. `beforeLast` runs (synchronously) after the others have started
 * and before the last one starts: the web build the journeys need. The others run at a lower CPU
 * priority (nice 10, inherited by their workers): the last one (the journeys, the longest) gets a
 * core whenever it can use one, and the others take every moment it leaves idle, so both end
 * closer together. Resolves to how many failed.
 */
/** The niceness of the steps that run beside the last one. */
const BACKGROUND_NICE = 10;

export async function runStepsAtOnce(steps, { cwd, env = process.env, log = console, beforeLast } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'tripcrew-steps-'));
  const start = (step, output, nice = 0) => {
    const child = spawn(process.execPath, step.args, {
      cwd,
      stdio: output === undefined ? 'inherit' : ['ignore', output, output],
      env: { ...env, ...step.env },
    });
    if (nice !== 0 && child.pid !== undefined) {
      try {
        setPriority(child.pid, nice);
      } catch {
        // Not allowed here: the step runs at the usual priority.
      }
    }
    return new Promise((resolve) => child.on('close', (code, signal) => resolve(code ?? signal)));
  };
  const others = steps.slice(0, -1).map((step, index) => {
    const file = join(dir, `${index}.log`);
    const output = openSync(file, 'w');
    log.log(`\n▶ ${step.name} (at the same time; its output follows when it ends)`);
    const done = start(step, output, BACKGROUND_NICE).finally(() => closeSync(output));
    return { step, file, done };
  });
  beforeLast?.();
  const last = steps.at(-1);
  log.log(`\n▶ ${last.name}`);
  const results = [{ step: last, status: await start(last) }];
  for (const { step, file, done } of others) {
    const status = await done;
    log.log(`\n▶ ${step.name}: its output\n${readFileSync(file, 'utf8').trimEnd()}`);
    results.push({ step, status });
  }
  rmSync(dir, { recursive: true, force: true });
  const failed = results.filter(({ status }) => status !== 0);
  for (const { step, status } of failed) log.error(`✗ ${step.name} failed (exit ${status})`);
  return failed.length;
}

const readJson = (file) => (file && existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined);

// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*m/g;

/** The first lines of a failure's message, without colours, indented under its name. */
function excerpt(message) {
  const lines = String(message ?? '')
    .replace(ANSI, '')
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== '');
  const shown = lines.slice(0, 12).map((line) => `\n      ${line.slice(0, 300)}`);
  if (lines.length > 12) shown.push(`\n      … (${lines.length - 12} more lines)`);
  return shown.join('');
}

/** The failed tests in Playwright's JSON report ("file › title") and the first lines of their errors. */
function playwrightFailures(report) {
  const names = [];
  const walk = (suite, file) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue;
        const errors = (test.results ?? []).flatMap(
          (result) => result.errors ?? (result.error ? [result.error] : []),
        );
        const message = errors.map((error) => error.message ?? error.value ?? '').join('\n');
        names.push(`${spec.file ?? file} › ${spec.title}${excerpt(message)}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, suite.file ?? file);
  };
  for (const suite of report?.suites ?? []) walk(suite, suite.file);
  return names;
}

/** The failed tests in Vitest's JSON report ("file › full name") and the first lines of their errors. */
function vitestFailures(report) {
  const root = process.cwd();
  return (report?.testResults ?? []).flatMap((file) =>
    (file.assertionResults ?? [])
      .filter((test) => test.status === 'failed')
      .map(
        (test) =>
          `${String(file.name ?? '').replace(`${root}/`, '')} › ${test.fullName ?? test.title}${excerpt((test.failureMessages ?? []).join('\n'))}`,
      ),
  );
}

/**
 * One closing line summing Vitest's and Playwright's JSON reports: "<label>: N passed, N failed,
 * N skipped", then each failed test with the first lines of its error, so the end of a long log
 * names what failed and why.
 */
export function summarize(label, { vitestJson, playwrightJson, failedSteps }) {
  const v = readJson(vitestJson);
  const p = readJson(playwrightJson);
  const passed = (v?.numPassedTests ?? 0) + (p?.stats?.expected ?? 0) + (p?.stats?.flaky ?? 0);
  let failed = (v?.numFailedTests ?? 0) + (p?.stats?.unexpected ?? 0);
  // A runner that crashed before reporting still counts as a failure.
  if (failedSteps > 0 && failed === 0) failed = failedSteps;
  const skipped = (v?.numPendingTests ?? 0) + (v?.numTodoTests ?? 0) + (p?.stats?.skipped ?? 0);
  const names = [...vitestFailures(v), ...playwrightFailures(p)].map((name) => `\n  ✗ ${name}`);
  return `${label}: ${passed} passed, ${failed} failed, ${skipped} skipped${names.join('')}`;
}
