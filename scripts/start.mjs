#!/usr/bin/env node
// npm start: install if needed, build the web app if its sources changed, then run the server
// (which migrates and seeds the database itself). Signals are passed on so Ctrl+C shuts down cleanly.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ensureDependencies, ensureWebBuild, root } from './ensure.mjs';

ensureDependencies();
ensureWebBuild();

const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/api/src/server.ts')], {
  cwd: root,
  stdio: 'inherit',
  // Two malloc arenas: glibc otherwise keeps one per thread that ever allocated (V8's compiler
  // threads, the thread pool), and after a load the server's RSS stays about twice as high
  // (bench/README.md, "Memory"). A value set by the caller wins.
  env: { MALLOC_ARENA_MAX: '2', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
