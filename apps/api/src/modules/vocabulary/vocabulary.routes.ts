import { aboutUsSchema, travelChecklistSchema } from '@tripcrew/contracts/vocabulary';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCacheable } from '../../platform/http-cache.ts';
import type { VocabularyService } from './vocabulary.service.ts';

export const vocabularyRoutes =
  (service: VocabularyService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/core/vocabulary/travel-checklist',
      {
        schema: {
          tags: ['vocabulary'],
          summary: 'Packing checklist groups',
          response: { 200: travelChecklistSchema },
        },
      },
      async (request, reply) =>
        sendCacheable(request, reply, await service.getTravelChecklist(), { maxAgeSeconds: 3600 }),
    );
    app.get(
      '/core/vocabulary/about-us',
      {
        schema: {
          tags: ['vocabulary'],
          summary: 'Sections of the about page',
          response: { 200: aboutUsSchema },
        },
      },
      async (request, reply) =>
        sendCacheable(request, reply, await service.getAboutUs(), { maxAgeSeconds: 3600 }),
    );
  };
