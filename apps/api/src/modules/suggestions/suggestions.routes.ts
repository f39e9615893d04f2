import { suggestionsResponseSchema } from '@tripcrew/contracts/suggestions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getCacheable } from '../../platform/json-routes.ts';
import type { SuggestionsService } from './suggestions.service.ts';

const summary = 'Curated trip plans, each with its place';
const plans = { tags: ['suggestions'], summary, response: suggestionsResponseSchema, maxAgeSeconds: 900 };

export const suggestionsRoutes =
  (service: SuggestionsService): FastifyPluginAsyncZod =>
  async (app) =>
    getCacheable(app, '/core/suggestions', plans, () => service.all());
