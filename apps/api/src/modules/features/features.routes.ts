import { featureSearchQuerySchema, featureSearchResponseSchema } from '@tripcrew/contracts/features';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendSerializedJson } from '../places/cached-json.ts';
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
      // Sent as the cached JSON bytes of the typed result: toFeature builds exactly the contract's
      // shape, and the schema's serializer (a full parse of every feature) was a tenth of the
      // request's cost (PERF-02). The schema still documents the response.
      async (request, reply) => sendSerializedJson(reply, await service.searchJson(request.query)),
    );
  };
