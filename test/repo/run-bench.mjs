// The benchmark smoke tests (bench*.test.mjs) run a bench script the way `npm run bench:*` does.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
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
