import {
  OPTIMISE_MAX_STOPS,
  dayOrderBodySchema,
  optimiseDayBodySchema,
  optimiseDayResponseSchema,
  plannerDayParamsSchema,
  tripRoutesSchema,
} from '@tripcrew/contracts/trip-routes';
import { plannerSchema, tripIdParamsSchema } from '@tripcrew/contracts/trips';
import type { TripRoutesService } from './trip-routes.service.ts';
import { permissions, TRIP_ERRORS, tripRoutes } from './trip-route-options.ts';

/** Distances and travel times of the planned days; optimising and reordering a day (decision 022). */
export const tripRoutesRoutes = (service: TripRoutesService) =>
  tripRoutes((route) => {
    const day = { params: plannerDayParamsSchema, errors: [...TRIP_ERRORS, 409] } as const;

    route.get('/core/trips/:id/routes', {
      summary: 'Distances and travel times between the stops of every planned day',
      description: permissions(
        'Legs join consecutive feature items with coordinates; notes and features without coordinates are in skippedItemIds. A day is walking when its stops are close together in a city, else driving (private trip) or transit (public trip). Legs are estimates unless a routing server is configured and answered.',
      ),
      params: tripIdParamsSchema,
      answer: tripRoutesSchema,
      run: ({ userId, params }) => service.routes(userId, params.id),
    });

    route.post('/core/trips/:id/planner/days/:date/optimise', {
      summary:
        "Reorder a day's stops to fit their opening hours and travel less (apply: false only proposes)",
      description: permissions(
        `The first stop and every item with a time keep their place; only the untimed stops between them are reordered. The order with the fewest opening-hours and timing warnings wins (the day's timeline, the trip's corrected hours first), then the shortest; never worse than the current order. unfit lists the warnings no order avoids. Distances are estimates. A day outside the trip, or with more than ${OPTIMISE_MAX_STOPS} stops, answers 400.`,
      ),
      ...day,
      body: optimiseDayBodySchema,
      answer: optimiseDayResponseSchema,
      run: ({ userId, params, body }) => service.optimise(userId, params.id, params.date, body.apply),
    });

    route.put('/core/trips/:id/planner/days/:date/order', {
      summary: 'Put every item of a day in this order, atomically (e.g. undo an optimisation)',
      description: permissions(
        'itemIds lists every item of the day exactly once; 409 when the day has changed since. A day outside the trip answers 400.',
      ),
      ...day,
      body: dayOrderBodySchema,
      answer: plannerSchema,
      run: ({ userId, params, body }) => service.reorder(userId, params.id, params.date, body.itemIds),
    });
  });
