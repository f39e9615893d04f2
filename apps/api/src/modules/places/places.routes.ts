import {
  autocompleteQuerySchema,
  autocompleteResponseSchema,
  placeIdParamsSchema,
  placeSchema,
  placeSearchQuerySchema,
} from '@tripcrew/contracts/places';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCacheable } from '../../platform/http-cache.ts';
import { sendCachedJson, sendSerializedJson } from './cached-json.ts';
import type { PlacesService } from './places.service.ts';

export const placesRoutes =
  (service: PlacesService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/core/places/autocomplete',
      {
        schema: {
          tags: ['places'],
          summary: 'Places whose name matches (at least 3 characters; at most 10 places)',
          querystring: autocompleteQuerySchema,
          response: { 200: autocompleteResponseSchema },
        },
      },
      async (request, reply) => sendSerializedJson(reply, await service.autocomplete(request.query.q)),
    );
    app.get(
      '/core/places/place/:id',
      {
        schema: {
          tags: ['places'],
          summary: 'A place by id',
          params: placeIdParamsSchema,
          response: { 200: placeSchema },
        },
      },
      async (request, reply) => sendCachedJson(request, reply, await service.getById(request.params.id), 900),
    );
    app.get(
      '/core/places/search',
      {
        schema: {
          tags: ['places'],
          summary: 'The place a /place/... route names',
          querystring: placeSearchQuerySchema,
          response: { 200: placeSchema },
        },
      },
      async (request, reply) =>
        sendCacheable(request, reply, await service.search(request.query), { maxAgeSeconds: 900 }),
    );
  };
