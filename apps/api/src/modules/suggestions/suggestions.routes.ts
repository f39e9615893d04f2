import { suggestionsResponseSchema } from '@tripcrew/contracts/suggestions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCacheable } from '../../platform/http-cache.ts';
import type { SuggestionsService } from './suggestions.service.ts';

export const suggestionsRoutes =
  (service: SuggestionsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/core/suggestions',
      {
        schema: {
          tags: ['suggestions'],
          summary: 'Curated trip plans, each with its place',
          response: { 200: suggestionsResponseSchema },
        },
      },
      async (request, reply) => {
        const { value, version } = await service.all();
        return sendCacheable(request, reply, value, {
          maxAgeSeconds: 900,
          etagSource: `suggestions:${version}`,
        });
      },
    );
  };
