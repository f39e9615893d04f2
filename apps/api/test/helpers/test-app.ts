import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { loadConfig, type Config } from '../../src/config.ts';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { runMigrations } from '../../src/db/migrate.ts';
import { runSeeds } from '../../src/db/seed/index.ts';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** inject() that fetches a CSRF token first and sends it on non-GET calls. */
  request(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/**
 * Builds the real app on a real database: in-memory PGlite by default, the PostgreSQL of
 * DATABASE_URL when it is set (CI runs both). Tests make their own data and never rely on order.
 */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tripcrew-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_ENABLED: 'false',
    SEED_DEMO: 'false',
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    ...env,
  });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: 'memory', poolSize: 4 });
  await runMigrations(database);
  await runSeeds(database, { demo: false });
  const app = await buildApp({ config, database, logger: false });
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
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
