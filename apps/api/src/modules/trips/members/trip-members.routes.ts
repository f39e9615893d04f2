import {
  addTripMemberBodySchema,
  tripIdParamsSchema,
  tripMemberParamsSchema,
  tripSchema,
  updateTripMemberBodySchema,
} from '@tripcrew/contracts/trips';
import { deletedSchema, done, permissions, TRIP_ERRORS, tripRoutes } from '../routes/trip-route-options.ts';
import type { TripMembersService } from './trip-members.service.ts';

/** A trip's errors and 409: the last admin, or someone already in the trip. */
const errors = [...TRIP_ERRORS, 409] as const;

/** Trip members (TRIP-10): add from the crew, set roles, hand over the admin role, remove or leave. */
export const tripMembersRoutes = (service: TripMembersService) =>
  tripRoutes((route) => {
    route.post('/core/trips/:id/members', {
      summary: "Add a member from the caller's crew (admins only)",
      description: permissions(
        "Roles: admin, member, driver, guide, guest, other. Someone outside the admin's crew answers 400; someone already in the trip 409.",
      ),
      params: tripIdParamsSchema,
      body: addTripMemberBodySchema,
      answer: tripSchema,
      errors,
      run: ({ userId, params, body }) => service.addMember(userId, params.id, body.userId, body.role),
    });

    route.patch('/core/trips/:id/members/:userId', {
      summary: "Set a member's role (admins only)",
      description: permissions('The last admin cannot be demoted (409).'),
      params: tripMemberParamsSchema,
      body: updateTripMemberBodySchema,
      answer: tripSchema,
      errors,
      run: ({ userId, params, body }) => service.setMemberRole(userId, params.id, params.userId, body.role),
    });

    route.post('/core/trips/:id/members/:userId/hand-over', {
      summary: 'Hand the admin role over to another member (admins only)',
      description: permissions(
        'In one step the member (any role, viewer included) becomes an admin and the caller a member; answers the trip as the caller now sees it. Handing it to oneself answers 400; someone who is not a member 404.',
      ),
      params: tripMemberParamsSchema,
      answer: tripSchema,
      run: ({ userId, params }) => service.handOverAdmin(userId, params.id, params.userId),
    });

    route.delete('/core/trips/:id/members/:userId', {
      summary: 'Remove a member (admins), or leave the trip (any member, with their own id)',
      description: permissions('The last admin can be neither removed nor leave (409).'),
      params: tripMemberParamsSchema,
      answer: deletedSchema,
      errors,
      run: ({ userId, params }) => done(service.removeMember(userId, params.id, params.userId)),
    });
  });
