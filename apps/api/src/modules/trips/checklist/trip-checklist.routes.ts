import { checklistBodySchema, checklistResponseSchema, tripIdParamsSchema } from '@tripcrew/contracts/trips';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../../platform/auth-guard.ts';
import type { TripChecklistService } from './trip-checklist.service.ts';
import { signedIn, tripErrors, withPermissions } from '../routes/trip-route-options.ts';

const checklist = { 200: checklistResponseSchema, ...tripErrors } as const;

/** Each member's own ticked checklist entries (CHECKLIST-01..02). */
export const tripChecklistRoutes =
  (service: TripChecklistService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/core/trips/:id/checklist',
      signedIn(app, {
        summary: "The caller's own ticked checklist entries for the trip, latest last",
        description: withPermissions('Personal: other members never see them.'),
        params: tripIdParamsSchema,
        response: checklist,
      }),
      async (request) => service.checklist(currentUser(request).id, request.params.id),
    );

    app.put(
      '/core/trips/:id/checklist',
      signedIn(app, {
        summary: "Replace the caller's own ticked checklist entries for the trip",
        description: withPermissions(
          'Duplicates keep their last occurrence, so the latest is last. Every member may tick their own checklist, guests included.',
        ),
        params: tripIdParamsSchema,
        body: checklistBodySchema,
        response: checklist,
      }),
      async (request) =>
        service.saveChecklist(currentUser(request).id, request.params.id, request.body.entries),
    );
  };
