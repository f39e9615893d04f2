import {
  featureMapPointsQuerySchema,
  featureMapPointsResponseSchema,
  featureSearchQuerySchema,
  featureSearchResponseSchema,
} from '@tripcrew/contracts/features';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getSerialized } from '../../../platform/json-routes.ts';
import type { FeaturesService } from './features.service.ts';

const search = {
  tags: ['features'],
  summary: 'Features of a place (a country or region includes the places inside it)',
  querystring: featureSearchQuerySchema,
  response: featureSearchResponseSchema,
};

const mapPoints = {
  tags: ['features'],
  summary: 'Every positioned feature of a place for a map, in one answer (at most 5,000, by rank)',
  querystring: featureMapPointsQuerySchema,
  response: featureMapPointsResponseSchema,
};

export const featuresRoutes =
  (service: FeaturesService): FastifyPluginAsyncZod =>
  async (app) => {
    // Sent as the cached JSON bytes of the typed result: toFeature builds exactly the contract's
    // shape, and the schema's serializer (a full parse of every feature) was a tenth of the
    // request's cost (PERF-02). The schema still documents the response.
    getSerialized(app, '/core/features/search', search, ({ query }) => service.searchJson(query));
    getSerialized(app, '/core/features/map-points', mapPoints, ({ query }) => service.mapPointsJson(query));
  };
