import {
  autocompleteQuerySchema,
  autocompleteResponseSchema,
  placeIdParamsSchema,
  placeSchema,
  placeSearchQuerySchema,
} from '@tripcrew/contracts/places';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getCacheable, getSerialized } from '../../../platform/json-routes.ts';
import type { PlacesService } from './places.service.ts';

const tags = ['places'];
const matching = 'Places whose name matches (at least 3 characters; at most 10 places)';
const autocomplete = { tags, summary: matching, querystring: autocompleteQuerySchema };
const byId = { tags, summary: 'A place by id', params: placeIdParamsSchema };
const search = { tags, summary: 'The place a /place/... route names', querystring: placeSearchQuerySchema };
const place = { response: placeSchema, maxAgeSeconds: 900 };

export const placesRoutes =
  (service: PlacesService): FastifyPluginAsyncZod =>
  async (app) => {
    const response = autocompleteResponseSchema;
    getSerialized(app, '/core/places/autocomplete', { ...autocomplete, response }, ({ query }) =>
      service.autocomplete(query.q),
    );
    getCacheable(app, '/core/places/place/:id', { ...byId, ...place }, ({ params }) =>
      service.getById(params.id),
    );
    getCacheable(app, '/core/places/search', { ...search, ...place }, ({ query }) => service.search(query));
  };
