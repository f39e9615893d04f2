#!/usr/bin/env node
// npm run validate: format check, lint, module boundaries and typecheck, two at a time (the machine
// has two cores), then the whole test suite — what CI runs. Each check's output is printed in one
// piece when it ends, with its wall and CPU seconds. `npm run validate -- --checks-only` stops before
// the tests.
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ensureDependencies, root } from './ensure.mjs';

ensureDependencies();
const bin = (name) => join(root, 'node_modules/.bin', name);
// The slowest first, so the two lanes end close together. Type checks run on TypeScript's native
// compiler (tsgo, decision 032): the same checks as tsc in a fifth of the CPU time.
const checks = [
  ['lint', bin('eslint'), ['.', '--max-warnings=0']],
  ['format', bin('prettier'), ['--check', '--log-level', 'warn', '.']],
  ['typecheck api', bin('tsgo'), ['-p', 'apps/api']],
  ['typecheck web', bin('tsgo'), ['-p', 'apps/web']],
  ['typecheck fault suite', bin('tsgo'), ['-p', 'test/faults']],
  ['typecheck contracts', bin('tsgo'), ['-p', 'packages/contracts']],
  ['module boundaries and file size', process.execPath, [join(root, 'scripts/boundaries.mjs')]],
];
const lanes = Number(process.env.VALIDATE_PARALLEL ?? 2);

/**
 * Runs a command under bash so that `times` can report the CPU seconds of everything it started
 * (children included) on file descriptor 3; resolves to its exit code, output and figures.
 */
function runCheck([name, command, args]) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(
      'bash',
      ['-c', '"$@"; status=$?; times >&3; exit $status', 'check', command, ...args],
      {
        cwd: root,
        stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
        env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0' },
      },
    );
    let output = '';
    let times = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.stdio[3].on('data', (chunk) => (times += chunk));
    child.on('close', (code) => {
      // `times`: the shell's user and system time, then its children's.
      const children = times.trim().split('\n').at(-1) ?? '';
      const seconds = [...children.matchAll(/(\d+)m([\d.]+)s/g)].map(
        ([, m, s]) => Number(m) * 60 + Number(s),
      );
      const cpu = seconds.reduce((sum, value) => sum + value, 0);
      resolve({ name, code: code ?? 1, output, wall: (Date.now() - started) / 1000, cpu });
    });
  });
}

const queue = [...checks];
const results = [];
async function lane() {
  for (let check = queue.shift(); check; check = queue.shift()) {
    const result = await runCheck(check);
    results.push(result);
    const mark = result.code === 0 ? '✓' : '✗';
    console.log(`\n${mark} ${result.name}: ${result.wall.toFixed(1)} s wall, ${result.cpu.toFixed(1)} s CPU`);
    if (result.output.trim()) console.log(result.output.trimEnd());
  }
}
const checksStarted = Date.now();
await Promise.all(Array.from({ length: lanes }, lane));
console.log(`\nchecks: ${((Date.now() - checksStarted) / 1000).toFixed(1)} s wall (${lanes} at a time)`);
const failed = results.filter((result) => result.code !== 0);
if (failed.length > 0) {
  console.error(`✗ failed: ${failed.map((result) => result.name).join(', ')}`);
  process.exit(1);
}

if (process.argv.includes('--checks-only')) process.exit(0);

console.log('\n▶ tests');
// The boundary check of the whole tree just passed above: the repository test that runs the same
// check (test/repo/boundaries.test.mjs) is told so and leaves it out; its planted cases still run.
const tests = spawnSync(process.execPath, [join(root, 'scripts/test.mjs')], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, BOUNDARIES_CHECKED: '1' },
});
if (tests.status !== 0) {
  console.error('✗ tests failed');
  process.exit(tests.status ?? 1);
}
console.log('\n✓ validate passed');
