import {
  createPackingItemBodySchema,
  packingItemParamsSchema,
  packingListSchema,
  updatePackingItemBodySchema,
} from '@tripcrew/contracts/trip-packing';
import { tripIdParamsSchema } from '@tripcrew/contracts/trips';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../../platform/auth-guard.ts';
import type { TripPackingService } from './trip-packing.service.ts';
import { deleted, done, signedIn, tripErrors, withPermissions } from '../routes/trip-route-options.ts';

const list = { 200: packingListSchema, ...tripErrors } as const;

/** The trip's shared packing list: items for everyone, assigned to a member, ticked for all. */
export const tripPackingRoutes =
  (service: TripPackingService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/core/trips/:id/packing',
      signedIn(app, {
        summary: "The trip's shared packing list, oldest first",
        description: withPermissions('Every role, viewer included (read-only for them).'),
        params: tripIdParamsSchema,
        response: list,
      }),
      async (request) => service.list(currentUser(request).id, request.params.id),
    );

    app.post(
      '/core/trips/:id/packing',
      signedIn(app, {
        summary: 'Add an item to the shared packing list, optionally assigned to a member',
        description: withPermissions('Answers the whole list. Every role but viewer.'),
        params: tripIdParamsSchema,
        body: createPackingItemBodySchema,
        response: list,
      }),
      async (request) => service.add(currentUser(request).id, request.params.id, request.body),
    );

    app.patch(
      '/core/trips/:id/packing/:itemId',
      signedIn(app, {
        summary: 'Rename, assign (null: anyone) or tick an item for everyone',
        description: withPermissions('Answers the whole list. Every role but viewer.'),
        params: packingItemParamsSchema,
        body: updatePackingItemBodySchema,
        response: list,
      }),
      async (request) =>
        service.update(currentUser(request).id, request.params.id, request.params.itemId, request.body),
    );

    app.delete(
      '/core/trips/:id/packing/:itemId',
      signedIn(app, {
        summary: 'Remove an item from the shared packing list',
        description: withPermissions('Every role but viewer.'),
        params: packingItemParamsSchema,
        response: deleted,
      }),
      async (request) =>
        done(service.remove(currentUser(request).id, request.params.id, request.params.itemId)),
    );
  };
