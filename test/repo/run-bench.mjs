// The benchmark smoke tests (bench*.test.mjs) run a bench script the way `npm run bench:*` does.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, onTestFinished } from 'vitest';
import { root } from '../../scripts/ensure.mjs';

/**
 * Runs bench/<script> under tsx with NODE_ENV=production, README refresh off and `env` on top;
 * resolves to its exit code and its output (stdout and stderr together).
 */
export function runBench(script, env) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'bench', script)], {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'production', BENCH_README: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

/**
 * Runs bench/<script> like `runBench` with its results in a fresh folder (removed when the test
 * ends) and a 170 s hard limit unless `env` says otherwise; resolves to { code, output, results }.
 */
export async function runBenchInTemp(script, env, prefix = 'tripcrew-bench-') {
  const results = mkdtempSync(join(tmpdir(), prefix));
  onTestFinished(() => rmSync(results, { recursive: true, force: true }));
  const run = await runBench(script, { BENCH_RESULTS_DIR: results, BENCH_MAX_SECONDS: '170', ...env });
  return { ...run, results };
}

/** The one JSON file in `dir` that `keep` accepts, parsed (fails the test unless there is exactly one). */
export function onlyResultFile(dir, output, keep = (name) => name.endsWith('.json')) {
  const files = readdirSync(dir).filter(keep);
  expect(files, output).toHaveLength(1);
  return JSON.parse(readFileSync(join(dir, files[0]), 'utf8'));
}
