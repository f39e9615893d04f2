import { categoriesResponseSchema } from '@tripcrew/contracts/categories';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCachedJson } from '../places/cached-json.ts';
import type { CategoriesService } from './categories.service.ts';

export const categoriesRoutes =
  (service: CategoriesService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/core/categories/all',
      {
        schema: {
          tags: ['categories'],
          summary: 'The category taxonomy',
          response: { 200: categoriesResponseSchema },
        },
      },
      async (request, reply) => sendCachedJson(request, reply, await service.all(), 3600),
    );
  };
