import {
  createPlannerNoteBodySchema,
  movePlannerItemBodySchema,
  plannerItemParamsSchema,
  plannerSchema,
  tripIdParamsSchema,
  updatePlannerItemBodySchema,
} from '@tripcrew/contracts/trips';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../../platform/auth-guard.ts';
import type { TripPlannerService } from './trip-planner.service.ts';
import {
  deleted,
  done,
  PERMISSIONS,
  signedIn,
  tripErrors,
  withPermissions,
} from '../routes/trip-route-options.ts';

const planner = { 200: plannerSchema, ...tripErrors } as const;

/** The planner: days with ordered items and the tray; notes; atomic moves. */
export const tripPlannerRoutes =
  (service: TripPlannerService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/core/trips/:id/planner',
      signedIn(app, {
        summary: 'The planner: every day of the trip with its ordered items, and the tray',
        description: PERMISSIONS,
        params: tripIdParamsSchema,
        response: planner,
      }),
      async (request) => service.planner(currentUser(request).id, request.params.id),
    );

    app.post(
      '/core/trips/:id/planner/notes',
      signedIn(app, {
        summary: 'Add a note to a day (at its end) or to the tray',
        description: PERMISSIONS,
        params: tripIdParamsSchema,
        body: createPlannerNoteBodySchema,
        response: planner,
      }),
      async (request) => service.addNote(currentUser(request).id, request.params.id, request.body),
    );

    app.patch(
      '/core/trips/:id/planner/items/:itemId',
      signedIn(app, {
        summary: 'Change the time of an item or the text of a note',
        description: PERMISSIONS,
        params: plannerItemParamsSchema,
        body: updatePlannerItemBodySchema,
        response: planner,
      }),
      async (request) =>
        service.updateItem(currentUser(request).id, request.params.id, request.params.itemId, request.body),
    );

    app.post(
      '/core/trips/:id/planner/items/:itemId/move',
      signedIn(app, {
        summary: 'Move an item to a day (or the tray, date null) at an index, atomically',
        description: withPermissions(
          'Schedule, unschedule, move and reorder in one call; an index past the end puts the item last. A day outside the trip answers 400.',
        ),
        params: plannerItemParamsSchema,
        body: movePlannerItemBodySchema,
        response: planner,
      }),
      async (request) =>
        service.moveItem(currentUser(request).id, request.params.id, request.params.itemId, request.body),
    );

    app.delete(
      '/core/trips/:id/planner/items/:itemId',
      signedIn(app, {
        summary: "Delete a note (a feature's item goes only with the feature: 400)",
        description: PERMISSIONS,
        params: plannerItemParamsSchema,
        response: deleted,
      }),
      async (request) =>
        done(service.deleteItem(currentUser(request).id, request.params.id, request.params.itemId)),
    );
  };
