#!/usr/bin/env node
// npm run dev: the API in watch mode on PORT (3000) and Vite with HMR on 5173, proxying /api to it.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ensureDependencies, root } from './ensure.mjs';

ensureDependencies();
const port = process.env.PORT ?? '3000';
const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', join(root, 'apps/api/src/server.ts')], {
    cwd: root,
    stdio: 'inherit',
    // Links in mails and OAuth returns go to the Vite dev server.
    env: {
      APP_URL: 'http://localhost:5173',
      ...process.env,
      PORT: port,
      WEB_DIST: '',
      NODE_ENV: 'development',
    },
  }),
  spawn(process.execPath, [join(root, 'node_modules/vite/bin/vite.js')], {
    cwd: join(root, 'apps/web'),
    stdio: 'inherit',
    env: { ...process.env, API_PORT: port },
  }),
];
const stop = (signal) => children.forEach((child) => child.kill(signal));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(signal));
for (const child of children)
  child.on('exit', (code) => {
    stop('SIGTERM');
    process.exitCode = code ?? 0;
  });
