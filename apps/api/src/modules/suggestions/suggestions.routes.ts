import { suggestionsResponseSchema } from '@tripcrew/contracts/suggestions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCachedJson } from '../places/cached-json.ts';
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
      async (request, reply) => sendCachedJson(request, reply, await service.all(), 900),
    );
  };
