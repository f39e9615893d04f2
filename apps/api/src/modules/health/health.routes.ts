import { healthResponseSchema } from '@tripcrew/contracts/health';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ensureCsrfCookie } from '../../platform/csrf.ts';
import { publicRoute } from '../../platform/route-options.ts';
import type { HealthService } from './health.service.ts';

export interface HealthDeps {
  health: HealthService;
  secureCookies: boolean;
}

const response = { 200: healthResponseSchema, 503: healthResponseSchema };

export const healthRoutes =
  (deps: HealthDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onReady', () => deps.health.start());
    app.addHook('onClose', async () => deps.health.stop());

    app.get(
      '/health',
      {
        ...publicRoute('platform', {
          summary:
            'Service status from the last database check (every few seconds, or a failed request); the database is asked again while it is down; sets the csrf-token cookie when absent',
          response,
        }),
        config: { rateLimitGroup: 'none' },
      },
      async (request, reply) => {
        ensureCsrfCookie(request, reply, deps.secureCookies);
        const status = await deps.health.probe();
        return reply
          .header('cache-control', 'no-store')
          .status(status.database.reachable ? 200 : 503)
          .send(status);
      },
    );

    app.get(
      '/health/deep',
      {
        ...publicRoute('platform', {
          summary: 'Service status with the database asked now (for orchestrators and operators)',
          response,
        }),
        config: { rateLimitGroup: 'none' },
      },
      async (_request, reply) => {
        const status = await deps.health.deep();
        return reply
          .header('cache-control', 'no-store')
          .status(status.database.reachable ? 200 : 503)
          .send(status);
      },
    );
  };
