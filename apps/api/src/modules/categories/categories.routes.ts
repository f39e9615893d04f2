import { categoriesResponseSchema } from '@tripcrew/contracts/categories';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getCacheable } from '../../platform/json-routes.ts';
import type { CategoriesService } from './categories.service.ts';

const summary = 'The category taxonomy';
const taxonomy = { tags: ['categories'], summary, response: categoriesResponseSchema, maxAgeSeconds: 3600 };

export const categoriesRoutes =
  (service: CategoriesService): FastifyPluginAsyncZod =>
  async (app) =>
    getCacheable(app, '/core/categories/all', taxonomy, () => service.all());
