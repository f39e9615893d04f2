import {
  suggestionIdParamsSchema,
  suggestionPlanSchema,
  suggestionsResponseSchema,
} from '@tripcrew/contracts/suggestions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getCacheable } from '../../platform/json-routes.ts';
import type { SuggestionsService } from './suggestions.service.ts';

const summary = 'Curated trip plans, each with its place';
const plans = { tags: ['suggestions'], summary, response: suggestionsResponseSchema, maxAgeSeconds: 900 };
const plan = {
  tags: ['suggestions'],
  summary:
    "A suggestion's ready-made plan: its days, each with its stops in order and the times the planner would give them (404 when it has none)",
  params: suggestionIdParamsSchema,
  response: suggestionPlanSchema,
  maxAgeSeconds: 900,
};

export const suggestionsRoutes =
  (service: SuggestionsService): FastifyPluginAsyncZod =>
  async (app) => {
    getCacheable(app, '/core/suggestions', plans, () => service.all());
    getCacheable(app, '/core/suggestions/:id/plan', plan, ({ params }) => service.plan(params.id));
  };
