import {
  announcePresenceBodySchema,
  PRESENCE_WINDOW_MS,
  tripPresenceSchema,
} from '@tripcrew/contracts/trip-presence';
import { tripIdParamsSchema } from '@tripcrew/contracts/trips';
import type { TripPresenceService } from './trip-presence.service.ts';
import { deletedSchema, done, permissions, tripRoutes } from '../routes/trip-route-options.ts';

const EVERY_ROLE = 'Every role, viewer included.';
const OTHERS = `Answers the other members (never the caller) whose last heartbeat is younger than ${PRESENCE_WINDOW_MS / 1000} s, with what each is editing.`;

/** Live presence (issue 35): who has the trip page open now, and what each of them edits. */
export const tripPresenceRoutes = (service: TripPresenceService) =>
  tripRoutes((route) => {
    route.get('/core/trips/:id/presence', {
      summary: 'The other members who have the trip open now',
      description: permissions(`${OTHERS} ${EVERY_ROLE}`),
      params: tripIdParamsSchema,
      answer: tripPresenceSchema,
      run: ({ userId, params }) => service.list(userId, params.id),
    });

    route.put('/core/trips/:id/presence', {
      summary: 'Heartbeat: the caller has the trip open now, editing an item or nothing',
      description: permissions(
        `editing is packing-item:<id>, planner-item:<id>, trip-place:<id>, booking:<id> or null. A heartbeat that changes who is here or what they edit tells the other members live (trip frame, change 'presence'). ${OTHERS} ${EVERY_ROLE}`,
      ),
      params: tripIdParamsSchema,
      body: announcePresenceBodySchema,
      answer: tripPresenceSchema,
      run: ({ userId, params, body }) => service.announce(userId, params.id, body.editing),
    });

    route.delete('/core/trips/:id/presence', {
      summary: 'The caller has left the trip page',
      description: permissions(`The other members are told live. ${EVERY_ROLE}`),
      params: tripIdParamsSchema,
      answer: deletedSchema,
      run: ({ userId, params }) => done(service.leave(userId, params.id)),
    });
  });
