import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll } from 'vitest';
import { z } from 'zod';
import type { Database } from '../../src/db/client.ts';
import { conflict } from '../../src/platform/errors.ts';
import { createTestApp, type TestApp, type TestAppOptions } from './test-app.ts';
import { openTestDatabase } from './test-database.ts';

/**
 * Test-only routes for platform tests (pass as createTestApp(env, { routes: probeRoutes(db) })).
 * They sit under /api like module routes, so they go through the same hooks: CSRF, rate limits,
 * error handler, logging. Nothing here ships in the product.
 */

/** A strict JSON body, the way every module's contract is written. */
export const probeBodySchema = z.strictObject({
  name: z.string().min(1).max(80),
  count: z.number().int().min(0).optional(),
  tags: z.array(z.string().max(20)).max(5).optional(),
});

export const PROBE = {
  echo: '/api/test-probe/echo',
  hold: '/api/test-probe/hold',
  throwString: '/api/test-probe/throw-string',
  badResponse: '/api/test-probe/bad-response',
  declaredError: '/api/test-probe/declared-error',
  whoami: '/api/test-probe/whoami',
  brokenSql: '/api/test-probe/broken-sql',
  crash: '/api/test-probe/crash',
  authPost: '/api/auth/test-probe',
  cookiesUntouched: '/api/test-probe/cookies-untouched',
} as const;

/** Holds GET /api/test-probe/hold requests until release(): a request kept in flight on demand. */
export interface Gate {
  /** Resolves when a request has reached the handler. */
  entered: Promise<void>;
  release(): void;
}

export function createGate(): Gate & { wait(): Promise<void> } {
  let enter = (): void => undefined;
  let release = (): void => undefined;
  const entered = new Promise<void>((resolve) => (enter = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  return {
    entered,
    release: () => release(),
    wait: () => {
      enter();
      return released;
    },
  };
}

export const probeRoutes =
  (database: Database, gate?: ReturnType<typeof createGate>): FastifyPluginAsync =>
  async (instance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    app.post('/test-probe/echo', { schema: { body: probeBodySchema } }, async (request) => ({
      received: request.body,
    }));
    app.get('/test-probe/whoami', async (request) => ({
      ip: request.ip,
      ips: request.ips ?? [],
      protocol: request.protocol,
      host: request.host,
    }));
    // Whether anything before the handler parsed the Cookie header (it should not: cookies.ts).
    app.get('/test-probe/cookies-untouched', async (request) => ({
      untouched: (request.cookies as unknown) === null,
    }));
    app.get('/test-probe/broken-sql', async () => {
      await database.db.execute(sql`select secret_column from no_such_table_xyz where password = 'hunter2'`);
      return { unreachable: true };
    });
    app.get('/test-probe/hold', async () => {
      await gate?.wait();
      return { held: true };
    });
    app.get('/test-probe/throw-string', async () => {
      throw 'a bare string, not an Error';
    });
    app.get(
      '/test-probe/bad-response',
      { schema: { response: { 200: z.strictObject({ id: z.string() }) } } },
      // The handler breaks its own contract: a response that does not match is a 500, not a leak.
      async () => ({ id: 42, passwordHash: 'argon2id$secret' }) as unknown as { id: string },
    );
    app.get(
      '/test-probe/declared-error',
      {
        schema: {
          response: { 200: z.strictObject({ ok: z.boolean() }), 409: z.strictObject({ taken: z.boolean() }) },
        },
      },
      // A route documenting its own 409 shape still answers errors in the API's error shape.
      async () => {
        throw conflict('That name is already taken: pick another one.');
      },
    );
    app.get('/test-probe/crash', async () => {
      throw new Error('internal detail: connection string postgres://admin:hunter2@db/internal');
    });
    // Counted in the "auth" rate-limit group by its URL, like POST /api/auth/login.
    app.post('/auth/test-probe', async (_request, reply) => reply.status(204).send());
  };

/**
 * For a test file whose tests each build an app with their own settings: the returned function
 * builds one with the probe routes (and `defaultEnv` under the test's env) on a database the file
 * shares; after the file's tests every app is closed, then the database.
 */
export function useProbeApps(defaultEnv: Record<string, string> = {}) {
  let database: Database | undefined;
  const apps: TestApp[] = [];
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    for (const t of apps) await t.close();
    await database?.close();
  });
  return async function probeApp(env: Record<string, string> = {}, options: TestAppOptions = {}) {
    if (!database) throw new Error('probe apps are built only while the tests of the file run');
    const t = await createTestApp(
      { ...defaultEnv, ...env },
      { database, routes: probeRoutes(database), ...options },
    );
    apps.push(t);
    return t;
  };
}
