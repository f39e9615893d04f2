import {
  createPlannerNoteBodySchema,
  movePlannerItemBodySchema,
  plannerDayStartBodySchema,
  plannerItemParamsSchema,
  plannerSchema,
  tripIdParamsSchema,
  updatePlannerItemBodySchema,
} from '@tripcrew/contracts/trips';
import { plannerDayParamsSchema } from '@tripcrew/contracts/trip-routes';
import type { TripPlannerService } from './trip-planner.service.ts';
import { deletedSchema, done, permissions, tripRoutes } from '../routes/trip-route-options.ts';

/** The planner: days with ordered items and the tray; notes; atomic moves. */
export const tripPlannerRoutes = (service: TripPlannerService) =>
  tripRoutes((route) => {
    const item = { description: permissions(), params: plannerItemParamsSchema };

    route.get('/core/trips/:id/planner', {
      summary: 'The planner: every day of the trip with its ordered items, and the tray',
      description: permissions(),
      params: tripIdParamsSchema,
      answer: plannerSchema,
      run: ({ userId, params }) => service.planner(userId, params.id),
    });

    route.patch('/core/trips/:id/planner/days/:date/start', {
      summary: "Set when a day starts: its timeline's stops follow from it (09:00 unless set)",
      description: permissions('A change from another version than the day has answers 409.'),
      params: plannerDayParamsSchema,
      body: plannerDayStartBodySchema,
      answer: plannerSchema,
      run: ({ userId, params, body }) => service.setDayStart(userId, params.id, params.date, body),
    });

    route.post('/core/trips/:id/planner/notes', {
      summary: 'Add a note to a day (at its end) or to the tray',
      description: permissions(),
      params: tripIdParamsSchema,
      body: createPlannerNoteBodySchema,
      answer: plannerSchema,
      run: ({ userId, params, body }) => service.addNote(userId, params.id, body),
    });

    route.patch('/core/trips/:id/planner/items/:itemId', {
      summary: 'Change the time of an item or the text of a note',
      ...item,
      body: updatePlannerItemBodySchema,
      answer: plannerSchema,
      run: ({ userId, params, body }) => service.updateItem(userId, params.id, params.itemId, body),
    });

    route.post('/core/trips/:id/planner/items/:itemId/move', {
      summary: 'Move an item to a day (or the tray, date null) at an index, atomically',
      description: permissions(
        'Schedule, unschedule, move and reorder in one call; an index past the end puts the item last. A day outside the trip answers 400.',
      ),
      params: plannerItemParamsSchema,
      body: movePlannerItemBodySchema,
      answer: plannerSchema,
      run: ({ userId, params, body }) => service.moveItem(userId, params.id, params.itemId, body),
    });

    route.delete('/core/trips/:id/planner/items/:itemId', {
      summary: "Delete a note (a feature's item goes only with the feature: 400)",
      ...item,
      answer: deletedSchema,
      run: ({ userId, params }) => done(service.deleteItem(userId, params.id, params.itemId)),
    });
  });
