#!/usr/bin/env node
// The server the browser tests drive: the real build on a throwaway DATA_DIR (PGlite), or on the
// PostgreSQL of DATABASE_URL when it is set. Removes its data directory when it stops.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from './ensure.mjs';

const dataDir = mkdtempSync(join(tmpdir(), 'tripcrew-e2e-'));
const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/api/src/server.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PORT: process.env.E2E_PORT ?? '3123',
    APP_URL: `http://localhost:${process.env.E2E_PORT ?? '3123'}`,
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    // The curated places are all the journeys need; the world's 150,000 cities would only load the machine.
    SEED_PLACES: 'curated',
    // The bundled basemap: journeys never reach a public map host (decision 039).
    MAP_STYLE_URL: process.env.E2E_MAP_STYLE_URL ?? 'builtin',
    RATE_LIMIT_AUTH_MAX: '1000',
    RATE_LIMIT_WRITE_MAX: '5000',
    RATE_LIMIT_READ_MAX: '20000',
  },
});
const cleanup = () => rmSync(dataDir, { recursive: true, force: true });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => {
  cleanup();
  process.exit(code ?? 0);
});
