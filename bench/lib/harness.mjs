/**
 * What every bench script shares: a cleanup stack with a hard time limit, free loopback ports,
 * the real API server as a child process, throwaway PostgreSQL databases and the marked block
 * of bench/README.md that a script refreshes. Loopback only.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { serverEnv } from '../../scripts/server-env.mjs';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const HOST = '127.0.0.1';

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A logger whose lines say how long the bench has run. */
export function createLog(name) {
  const started = Date.now();
  return (message) => console.log(`[${name} ${((Date.now() - started) / 1000).toFixed(0)}s] ${message}`);
}

/**
 * Cleanups run last-in first-out by `cleanup()`, on SIGINT/SIGTERM, and when the hard limit
 * (seconds) is reached, which also ends the process with 1.
 */
export function createCleanups(name, hardLimitSeconds) {
  const stack = [];
  async function cleanup() {
    while (stack.length > 0) {
      const fn = stack.pop();
      await Promise.resolve()
        .then(fn)
        .catch((error) => console.error(`cleanup: ${error.message}`));
    }
  }
  const hardLimit = setTimeout(() => {
    console.error(`${name}: hard time limit (${hardLimitSeconds}s) reached; stopping`);
    void cleanup().finally(() => process.exit(1));
  }, hardLimitSeconds * 1000);
  hardLimit.unref();
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => void cleanup().finally(() => process.exit(130)));
  }
  return { push: (fn) => stack.push(fn), cleanup, done: () => clearTimeout(hardLimit) };
}

export async function freePort() {
  const server = createServer();
  server.listen(0, HOST);
  await once(server, 'listening');
  const { port } = server.address();
  server.close();
  await once(server, 'close');
  return port;
}

function withoutKeys(env, keys) {
  const copy = { ...env };
  for (const key of keys) delete copy[key];
  return copy;
}

/**
 * Starts the real API server on a free port; resolves once /api/health answers. The database,
 * Redis and data directory come from `extraEnv` only (a DATABASE_URL in the shell must not turn
 * an embedded-engine run into a PostgreSQL one).
 */
export async function startApi(cleanups, name, extraEnv) {
  const port = await freePort();
  // BENCH_API_NODE_ARGS: extra node flags for the servers, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
  const nodeArgs = (process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: ROOT,
    // The process's memory settings as npm start and the Docker image give them (fewer glibc
    // arenas; on the embedded engine also malloc thresholds and a small young generation).
    env: serverEnv({
      // The engine and the pub/sub are the bench's choice: never the caller's shell's.
      ...withoutKeys(process.env, ['DATABASE_URL', 'REDIS_URL', 'DATA_DIR', 'PORT']),
      NODE_ENV: 'production',
      PORT: String(port),
      HOST,
      RATE_LIMIT_ENABLED: 'false',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      // The bundled basemap: a bench never sends a browser to a public map host (decision 039).
      MAP_STYLE_URL: 'builtin',
      ...extraEnv,
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = [];
  const keep = (chunk) => {
    output.push(chunk.toString());
    if (output.length > 50) output.shift();
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let exited = false;
  child.once('exit', () => (exited = true));
  const stop = async () => {
    if (exited) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await once(child, 'exit');
    clearTimeout(timer);
  };
  cleanups.push(stop);
  const base = `http://${HOST}:${port}`;
  // BENCH_API_BOOT_S: how long a boot may take (a first PGlite boot on a loaded machine needs minutes).
  const bootSeconds = Number(process.env.BENCH_API_BOOT_S ?? 120);
  const deadline = Date.now() + bootSeconds * 1000;
  for (;;) {
    if (exited) throw new Error(`${name} API exited during boot:\n${output.join('')}`);
    if (Date.now() > deadline) throw new Error(`${name} API did not answer /health in ${bootSeconds} s`);
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await sleep(300);
  }
  return { base, port, pid: child.pid, stop, output };
}

/**
 * Starts a same-run reference server (a bench script run as its own process, so it gets the same
 * CPU share as the API) with `env` on top of the caller's; resolves to the JSON object its first
 * line prints (its ports) and a stop function, which the cleanups also run.
 */
export async function startReferenceProcess(cleanups, name, script, env) {
  const child = spawn(process.execPath, [script], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let exited = false;
  child.once('exit', () => (exited = true));
  const stop = async () => {
    if (exited) return;
    child.kill('SIGTERM');
    await once(child, 'exit');
  };
  cleanups.push(stop);
  const [line] = await Promise.race([
    once(child.stdout, 'data'),
    sleep(30_000).then(() => {
      throw new Error(`${name} did not start in 30 s`);
    }),
  ]);
  return { info: JSON.parse(line.toString().split('\n')[0]), stop };
}

/** Creates a throwaway database next to `adminUrl` (dropped by the cleanups); returns its URL. */
export async function createThrowawayDatabase(cleanups, adminUrl, name) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Replaces the block between two markers of a Markdown file (appends it when absent). */
export function refreshMarkedBlock(file, startMarker, endMarker, body) {
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const start = text.indexOf(startMarker);
  const end = text.indexOf(endMarker);
  const block = `${startMarker}\n\n${body}\n${endMarker}`;
  const next =
    start >= 0 && end > start
      ? text.slice(0, start) + block + text.slice(end + endMarker.length)
      : `${text.trimEnd()}\n\n${block}\n`;
  writeFileSync(file, next);
}

/**
 * Asks `check` every `intervalMs` until it answers true (resolves true) or `timeoutMs` has passed
 * (resolves false): the caller decides what a timeout means.
 */
export async function waitUntil(check, { timeoutMs, intervalMs }) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > deadline) return false;
    await sleep(intervalMs);
  }
}

/** Replaces the block of bench/README.md between `<!-- bench:<name>:start -->` and its end marker. */
export function refreshBenchReadme(name, body) {
  const readme = join(ROOT, 'bench', 'README.md');
  refreshMarkedBlock(readme, `<!-- bench:${name}:start -->`, `<!-- bench:${name}:end -->`, body);
}

/** Percentile of a sorted array of numbers (nearest rank). */
export function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}
