import { healthResponseSchema } from '@tripcrew/contracts/health';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { ensureCsrfCookie } from '../../platform/csrf.ts';
import { publicRoute } from '../../platform/route-options.ts';

export interface HealthDeps {
  database: Database;
  version: string;
  secureCookies: boolean;
}

export const healthRoutes =
  (deps: HealthDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/health',
      {
        ...publicRoute('platform', {
          summary: 'Service status and database reachability; sets the csrf-token cookie when absent',
          response: { 200: healthResponseSchema, 503: healthResponseSchema },
        }),
        config: { rateLimitGroup: 'none' },
      },
      async (request, reply) => {
        ensureCsrfCookie(request, reply, deps.secureCookies);
        reply.header('cache-control', 'no-store');
        let latencyMs: number | null = null;
        try {
          latencyMs = await Promise.race([
            deps.database.ping(),
            new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), 2_000).unref()),
          ]);
        } catch {
          latencyMs = null;
        }
        const reachable = latencyMs !== null;
        return reply.status(reachable ? 200 : 503).send({
          status: reachable ? 'ok' : 'degraded',
          version: deps.version,
          uptimeSeconds: Math.round(process.uptime()),
          database: { engine: deps.database.engine, reachable, latencyMs },
        });
      },
    );
  };
