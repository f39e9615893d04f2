import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, FastifyPluginAsync, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { DestinationStream } from 'pino';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig, type Config } from '../../src/config.ts';
import type { Database } from '../../src/db/client.ts';
import { openTestDatabase } from './test-database.ts';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** inject() that fetches a CSRF token first and sends it on non-GET calls. */
  request(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /**
   * A database from openTestDatabase() (test-database.ts), shared by several apps of one test
   * file. close() leaves it open; its owner closes it.
   */
  database?: Database;
  /**
   * Test-only routes (probes), registered under /api after buildApp and before ready(), so they
   * pass through the same root hooks as module routes: error handler, CSRF, rate limits, logging.
   */
  routes?: FastifyPluginAsync;
  /** Captures the app's log lines with its real logger settings (set LOG_LEVEL in env). */
  logStream?: DestinationStream;
}

/**
 * Builds the real app on a real database: in-memory PGlite by default, the PostgreSQL of
 * DATABASE_URL when it is set (CI runs both). Tests make their own data and never rely on order.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tripcrew-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_ENABLED: 'false',
    SEED_DEMO: 'false',
    // The bundled basemap: tests never send a browser to a public map host (decision 039).
    MAP_STYLE_URL: 'builtin',
    // Tests share one PostgreSQL database across runs and all come from 127.0.0.1: per-address
    // login throttling would leak between them. Tests of that throttle set their own limit.
    LOGIN_MAX_FAILURES_PER_IP: '1000000',
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    ...env,
  });
  const ownsDatabase = !options.database;
  let database: Database;
  if (options.database) {
    database = options.database;
  } else {
    database = await openTestDatabase(config.databaseUrl);
  }
  const app = await buildApp(
    options.logStream
      ? { config, database, logStream: options.logStream }
      : { config, database, logger: false },
  );
  if (options.routes) await app.register(options.routes, { prefix: '/api' });
  await app.ready();

  let csrf: string | undefined;
  async function csrfToken(): Promise<string> {
    if (csrf) return csrf;
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    const cookie = res.cookies.find((c) => c.name === 'csrf-token');
    if (!cookie) throw new Error('GET /api/health did not set the csrf-token cookie');
    csrf = cookie.value;
    return csrf;
  }

  return {
    app,
    database,
    config,
    async request(options) {
      const method = (options.method ?? 'GET').toUpperCase();
      const headers: Record<string, string> = { ...(options.headers as Record<string, string> | undefined) };
      const cookies: Record<string, string> = {
        ...((options.cookies as Record<string, string> | undefined) ?? {}),
      };
      if (!['GET', 'HEAD', 'OPTIONS'].includes(method)) {
        const token = await csrfToken();
        headers['x-csrf-token'] ??= token;
        cookies['csrf-token'] ??= token;
      }
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      const { token: _token, ...rest } = options;
      return app.inject({ ...rest, headers, cookies });
    },
    async close() {
      await app.close();
      if (ownsDatabase) await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Stands for a value made before the tests of the enclosing describe block (or file) and
 * disposed of after them: reads are forwarded to it, so it can be captured before it exists.
 *
 *   const t = useTestApp();
 *   const c = forBlock(() => loadCatalogue(t));
 */
export function forBlock<T extends object>(make: () => Promise<T>, dispose?: (value: T) => unknown): T {
  let current: T | undefined;
  beforeAll(async () => {
    current = await make();
  });
  afterAll(() => (current && dispose ? dispose(current) : undefined));
  return new Proxy({} as T, {
    get(_target, key) {
      if (!current) throw new Error('this test value exists only while the tests of its block run');
      const value: unknown = Reflect.get(current, key);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(current) : value;
    },
  });
}

/** A test app for the enclosing describe block (or file): built before its tests, closed after them. */
export function useTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}): TestApp {
  return forBlock(
    () => createTestApp(env, options),
    (app) => app.close(),
  );
}
