import {
  dayOrderBodySchema,
  optimiseDayBodySchema,
  optimiseDayResponseSchema,
  plannerDayParamsSchema,
  tripRoutesSchema,
} from '@tripcrew/contracts/trip-routes';
import { plannerSchema, tripIdParamsSchema } from '@tripcrew/contracts/trips';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../../platform/auth-guard.ts';
import { errorResponses } from '../../../platform/route-options.ts';
import type { TripRoutesService } from './trip-routes.service.ts';
import { signedIn, tripErrors, withPermissions } from './trip-route-options.ts';

/** Distances and travel times of the planned days; optimising and reordering a day (decision 022). */
export const tripRoutesRoutes =
  (service: TripRoutesService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/core/trips/:id/routes',
      signedIn(app, {
        summary: 'Distances and travel times between the stops of every planned day',
        description: withPermissions(
          'Legs join consecutive feature items with coordinates; notes and features without coordinates are in skippedItemIds. A day is walking when its stops are close together in a city, else driving (private trip) or transit (public trip). Legs are estimates unless a routing server is configured and answered.',
        ),
        params: tripIdParamsSchema,
        response: { 200: tripRoutesSchema, ...tripErrors },
      }),
      async (request) => service.routes(currentUser(request).id, request.params.id),
    );

    app.post(
      '/core/trips/:id/planner/days/:date/optimise',
      signedIn(app, {
        summary: "Reorder a day's stops to travel less (apply: false only proposes)",
        description: withPermissions(
          'The first stop and every item with a time keep their place; only the untimed stops between them are reordered. Never longer than the current order. Distances are estimates. A day outside the trip answers 400.',
        ),
        params: plannerDayParamsSchema,
        body: optimiseDayBodySchema,
        response: { 200: optimiseDayResponseSchema, ...tripErrors, ...errorResponses(409) },
      }),
      async (request) =>
        service.optimise(currentUser(request).id, request.params.id, request.params.date, request.body.apply),
    );

    app.put(
      '/core/trips/:id/planner/days/:date/order',
      signedIn(app, {
        summary: 'Put every item of a day in this order, atomically (e.g. undo an optimisation)',
        description: withPermissions(
          'itemIds lists every item of the day exactly once; 409 when the day has changed since. A day outside the trip answers 400.',
        ),
        params: plannerDayParamsSchema,
        body: dayOrderBodySchema,
        response: { 200: plannerSchema, ...tripErrors, ...errorResponses(409) },
      }),
      async (request) =>
        service.reorder(
          currentUser(request).id,
          request.params.id,
          request.params.date,
          request.body.itemIds,
        ),
    );
  };
