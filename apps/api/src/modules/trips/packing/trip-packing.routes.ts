import {
  createPackingItemBodySchema,
  packingItemParamsSchema,
  packingListSchema,
  updatePackingItemBodySchema,
} from '@tripcrew/contracts/trip-packing';
import { tripIdParamsSchema } from '@tripcrew/contracts/trips';
import type { TripPackingService } from './trip-packing.service.ts';
import { deletedSchema, done, permissions, tripRoutes } from '../routes/trip-route-options.ts';

const BUT_VIEWER = 'Every role but viewer.';

/** The trip's shared packing list: items for everyone, assigned to a member, ticked for all. */
export const tripPackingRoutes = (service: TripPackingService) =>
  tripRoutes((route) => {
    const changes = {
      description: permissions(`Answers the whole list. ${BUT_VIEWER}`),
      answer: packingListSchema,
    };

    route.get('/core/trips/:id/packing', {
      summary: "The trip's shared packing list, oldest first",
      description: permissions('Every role, viewer included (read-only for them).'),
      params: tripIdParamsSchema,
      answer: packingListSchema,
      run: ({ userId, params }) => service.list(userId, params.id),
    });

    route.post('/core/trips/:id/packing', {
      summary: 'Add an item to the shared packing list, optionally assigned to a member',
      ...changes,
      params: tripIdParamsSchema,
      body: createPackingItemBodySchema,
      run: ({ userId, params, body }) => service.add(userId, params.id, body),
    });

    route.patch('/core/trips/:id/packing/:itemId', {
      summary: 'Rename, assign (null: anyone) or tick an item for everyone',
      ...changes,
      params: packingItemParamsSchema,
      body: updatePackingItemBodySchema,
      run: ({ userId, params, body }) => service.update(userId, params.id, params.itemId, body),
    });

    route.delete('/core/trips/:id/packing/:itemId', {
      summary: 'Remove an item from the shared packing list',
      description: permissions(BUT_VIEWER),
      params: packingItemParamsSchema,
      answer: deletedSchema,
      run: ({ userId, params }) => done(service.remove(userId, params.id, params.itemId)),
    });
  });
