import { featureSearchQuerySchema, featureSearchResponseSchema } from '@tripcrew/contracts/features';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeaturesService } from './features.service.ts';

export const featuresRoutes =
  (service: FeaturesService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/core/features/search',
      {
        schema: {
          tags: ['features'],
          summary: 'Features of a place (a country or region includes the places inside it)',
          querystring: featureSearchQuerySchema,
          response: { 200: featureSearchResponseSchema },
        },
      },
      async (request) => service.search(request.query),
    );
  };
