import {
  historyEntryParamsSchema,
  historyEntrySchema,
  historyPageSchema,
  historyQuerySchema,
} from '@tripcrew/contracts/trip-history';
import { tripIdParamsSchema } from '@tripcrew/contracts/trips';
import type { TripHistoryService } from './trip-history.service.ts';
import { permissions, tripRoutes } from '../routes/trip-route-options.ts';

/** The trip's history: who changed what, when; undo by the author or an admin (decision 035). */
export const tripHistoryRoutes = (service: TripHistoryService) =>
  tripRoutes((route) => {
    route.get('/core/trips/:id/history', {
      summary: "The trip's history, newest first, by person and kind",
      description: permissions('Every role, viewer included. Pages with `before` (the `next` of a page).'),
      params: tripIdParamsSchema,
      querystring: historyQuerySchema,
      answer: historyPageSchema,
      run: ({ userId, params, query }) => service.list(userId, params.id, query),
    });

    route.post('/core/trips/:id/history/:entryId/undo', {
      summary: 'Undo a change of the history (its author or an admin)',
      description: permissions(
        'An undo is an edit: 409 when the same fields changed since, or when it was undone already. Answers the new entry.',
      ),
      params: historyEntryParamsSchema,
      answer: historyEntrySchema,
      errors: [400, 401, 403, 404, 409],
      run: ({ userId, params }) => service.undo(userId, params.id, params.entryId),
    });
  });
