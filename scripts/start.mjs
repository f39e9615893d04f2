#!/usr/bin/env node
// npm start: install if needed, build the web app if its sources changed, then run the server
// (which migrates and seeds the database itself). Signals are passed on so Ctrl+C shuts down cleanly.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ensureDependencies, ensureWebBuild, root } from './ensure.mjs';
import { serverEnv } from './server-env.mjs';

ensureDependencies();
ensureWebBuild();

const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/api/src/server.ts')], {
  cwd: root,
  stdio: 'inherit',
  // Memory settings of the server process (scripts/server-env.mjs); a value set by the caller wins.
  env: serverEnv(process.env),
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
