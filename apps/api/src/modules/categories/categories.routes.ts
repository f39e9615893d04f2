import { categoriesResponseSchema } from '@tripcrew/contracts/categories';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCacheable } from '../../platform/http-cache.ts';
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
      async (request, reply) => {
        const { value, version } = await service.all();
        return sendCacheable(request, reply, value, {
          maxAgeSeconds: 3600,
          etagSource: `categories:${version}`,
        });
      },
    );
  };
