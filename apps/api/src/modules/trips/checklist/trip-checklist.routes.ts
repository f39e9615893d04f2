import {
  checklistBodySchema,
  checklistChangeSchema,
  checklistResponseSchema,
  tripIdParamsSchema,
} from '@tripcrew/contracts/trips';
import type { TripChecklistService } from './trip-checklist.service.ts';
import { permissions, tripRoutes } from '../routes/trip-route-options.ts';

/** Each member's own ticked checklist entries (CHECKLIST-01..02). */
export const tripChecklistRoutes = (service: TripChecklistService) =>
  tripRoutes((route) => {
    const checklist = { params: tripIdParamsSchema, answer: checklistResponseSchema };

    route.get('/core/trips/:id/checklist', {
      summary: "The caller's own ticked checklist entries for the trip, latest last",
      description: permissions('Personal: other members never see them.'),
      ...checklist,
      run: ({ userId, params }) => service.checklist(userId, params.id),
    });

    route.put('/core/trips/:id/checklist', {
      summary: "Replace the caller's own ticked checklist entries for the trip",
      description: permissions(
        'Duplicates keep their last occurrence, so the latest is last. With `version`, a list changed since answers 409 with the list as it is now. Every member may tick their own checklist, guests included.',
      ),
      ...checklist,
      body: checklistBodySchema,
      run: ({ userId, params, body }) => service.saveChecklist(userId, params.id, body.entries, body.version),
    });

    route.patch('/core/trips/:id/checklist', {
      summary: "Tick and untick entries of the caller's own checklist for the trip",
      description: permissions(
        'Applied to the list as it is now: ticks made meanwhile on another device stay. New ticks go last. Every member may tick their own checklist, guests included.',
      ),
      ...checklist,
      body: checklistChangeSchema,
      run: ({ userId, params, body }) => service.changeChecklist(userId, params.id, body),
    });
  });
