import { aboutUsSchema, travelChecklistSchema } from '@tripcrew/contracts/vocabulary';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getCacheable } from '../../platform/json-routes.ts';
import type { VocabularyService } from './vocabulary.service.ts';

const tags = ['vocabulary'];
const maxAgeSeconds = 3600;
const list = { tags, summary: 'Packing checklist groups', response: travelChecklistSchema, maxAgeSeconds };
const aboutUs = { tags, summary: 'Sections of the about page', response: aboutUsSchema, maxAgeSeconds };

export const vocabularyRoutes =
  (service: VocabularyService): FastifyPluginAsyncZod =>
  async (app) => {
    getCacheable(app, '/core/vocabulary/travel-checklist', list, () => service.getTravelChecklist());
    getCacheable(app, '/core/vocabulary/about-us', aboutUs, () => service.getAboutUs());
  };
