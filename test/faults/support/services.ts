import { spawn, spawnSync } from 'node:child_process';
import { chownSync, mkdirSync } from 'node:fs';
import { once } from 'node:events';
import { connect, createServer } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';
import { type ServerProcess, startServer } from '../../../apps/api/test/helpers/server-process.ts';
import { ApiClient } from './api-client.ts';
import { isRoot, killChild, onCleanup, run, tempDir, trackChild, waitFor } from './cleanups.ts';

/** The shared PostgreSQL of the machine (only used to create and drop throwaway databases). */
export const ADMIN_URL = process.env.FAULTS_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const JWT_SECRET = 'faults-suite-secret-0123456789abcdef-0123456789';

export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  await once(server, 'close');
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

export interface RunningApi {
  server: ServerProcess;
  port: number;
  api: ApiClient;
}

/** The real server as a child process (killed at cleanup); resolves once it listens. */
export async function startApi(env: Record<string, string>, timeoutMs = 90_000): Promise<RunningApi> {
  const server = startServer({
    PORT: '0',
    SEED_PLACES: 'curated',
    SEED_DEMO: 'false',
    RATE_LIMIT_ENABLED: 'false',
    JWT_SECRET,
    LOG_LEVEL: 'info',
    ...env,
  });
  trackChild('api server', server.child);
  const port = await server.listening(timeoutMs);
  const api = new ApiClient(port);
  return { server, port, api };
}

/** Warn-or-worse lines (pino levels 40+) of a server's log. */
export function problemLines(server: ServerProcess): Array<Record<string, unknown>> {
  return server.logs().filter((line) => typeof line.level === 'number' && line.level >= 40);
}

/**
 * Waits until the server's warn-or-worse lines include at least `atLeast` lines that `match`
 * (default 1) and answers those lines. The server writes a log line around the time it answers,
 * and its stdout reaches this process by a pipe that may lag behind the HTTP answer, so a test
 * that just made the server log must wait for the line rather than read the log once.
 */
export async function waitForProblemLines(
  server: ServerProcess,
  match: (line: Record<string, unknown>) => boolean,
  { atLeast = 1, timeoutMs = 15_000 }: { atLeast?: number; timeoutMs?: number } = {},
): Promise<Array<Record<string, unknown>>> {
  const found = () => problemLines(server).filter(match);
  try {
    return await waitFor(
      'log lines',
      async () => (found().length >= atLeast ? found() : undefined),
      timeoutMs,
    );
  } catch {
    // The caller's assertion then shows what was logged instead.
    return found();
  }
}

/** A throwaway database on the shared cluster, dropped at cleanup; returns its URL. */
export async function throwawayDatabase(name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  onCleanup(`database ${name}`, async () => {
    const client = new pg.Client({ connectionString: ADMIN_URL });
    await client.connect();
    try {
      await client.query(`drop database if exists ${name} with (force)`);
    } finally {
      await client.end();
    }
  });
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs a query against a database URL with a fresh client. */
export async function query<T>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

// ------------------------------------------------------------------ private PostgreSQL

const PG_BIN = process.env.FAULTS_PG_BIN ?? '/usr/lib/postgresql/15/bin';

/** PostgreSQL refuses to run as root: run its programs as the postgres OS user then. */
function asPostgres(command: string, args: string[]): [string, string[]] {
  return isRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
}

export interface PrivatePostgres {
  url: string;
  port: number;
  /** pg_ctl stop (immediate: like a crash or a killed container). */
  stop(mode?: 'immediate' | 'fast'): void;
  start(): void;
}

/** A PostgreSQL cluster of its own (initdb in a temp dir, loopback, free port), removed at cleanup. */
export async function privatePostgres(): Promise<PrivatePostgres> {
  const root = tempDir('pg');
  const dataDir = join(root, 'data');
  mkdirSync(dataDir);
  if (isRoot) {
    const ids = run('id', ['-u', 'postgres']).trim();
    const gid = run('id', ['-g', 'postgres']).trim();
    chownSync(root, Number(ids), Number(gid));
    chownSync(dataDir, Number(ids), Number(gid));
  }
  const port = await freePort();
  run(
    ...asPostgres(`${PG_BIN}/initdb`, [
      '-D',
      dataDir,
      '-U',
      'postgres',
      '--auth=trust',
      '--no-sync',
      '-E',
      'UTF8',
    ]),
  );
  const options = `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=40`;
  const pgCtl = (args: string[]) => run(...asPostgres(`${PG_BIN}/pg_ctl`, args), { timeoutMs: 60_000 });
  const start = () =>
    void pgCtl(['-D', dataDir, '-o', options, '-l', join(root, 'log'), '-w', '-t', '30', 'start']);
  const stop = (mode: 'immediate' | 'fast' = 'immediate') =>
    void pgCtl(['-D', dataDir, '-m', mode, '-w', 'stop']);
  start();
  const stopQuietly = () => {
    spawnSync(...asPostgres(`${PG_BIN}/pg_ctl`, ['-D', dataDir, '-m', 'immediate', '-w', 'stop']), {
      stdio: 'ignore',
    });
  };
  onCleanup(`private postgres ${port}`, stopQuietly, stopQuietly);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  await waitFor(
    'private postgres answers',
    async () => ((await query(url, 'select 1')) ? true : undefined),
    30_000,
  );
  return { url, port, stop, start };
}

// ------------------------------------------------------------------ private Redis

export interface PrivateRedis {
  url: string;
  port: number;
  /** SIGKILL: Redis gone without a goodbye. */
  kill(): Promise<void>;
  start(): Promise<void>;
}

/** A redis-server of its own on a free loopback port, no persistence; killed at cleanup. */
export async function privateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  let child: ReturnType<typeof spawn> | undefined;
  const start = async () => {
    const dir = tempDir('redis');
    child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
      { stdio: 'ignore' },
    );
    trackChild(`redis ${port}`, child);
    await waitFor('private redis answers PING', () => redisPing(port), 10_000);
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    kill: async () => {
      if (child) await killChild(child);
    },
    start,
  };
}

/** true once a Redis on this port answers PING. */
function redisPing(port: number): Promise<true | undefined> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.setTimeout(1_000, () => socket.destroy());
    socket.once('error', () => resolve(undefined));
    socket.once('close', () => resolve(undefined));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data: Buffer) => {
      resolve(data.toString().startsWith('+PONG') ? true : undefined);
      socket.destroy();
    });
  });
}
