import {
  addTripMemberBodySchema,
  tripIdParamsSchema,
  tripMemberParamsSchema,
  tripSchema,
  updateTripMemberBodySchema,
} from '@tripcrew/contracts/trips';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../../platform/auth-guard.ts';
import { errorResponses } from '../../../platform/route-options.ts';
import { deleted, done, signedIn, tripErrors, withPermissions } from '../routes/trip-route-options.ts';
import type { TripMembersService } from './trip-members.service.ts';

/** Trip members (TRIP-10): add from the crew, set roles, hand over the admin role, remove or leave. */
export const tripMembersRoutes =
  (service: TripMembersService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/core/trips/:id/members',
      signedIn(app, {
        summary: "Add a member from the caller's crew (admins only)",
        description: withPermissions(
          "Roles: admin, member, driver, guide, guest, other. Someone outside the admin's crew answers 400; someone already in the trip 409.",
        ),
        params: tripIdParamsSchema,
        body: addTripMemberBodySchema,
        response: { 200: tripSchema, ...tripErrors, ...errorResponses(409) },
      }),
      async (request) =>
        service.addMember(currentUser(request).id, request.params.id, request.body.userId, request.body.role),
    );

    app.patch(
      '/core/trips/:id/members/:userId',
      signedIn(app, {
        summary: "Set a member's role (admins only)",
        description: withPermissions('The last admin cannot be demoted (409).'),
        params: tripMemberParamsSchema,
        body: updateTripMemberBodySchema,
        response: { 200: tripSchema, ...tripErrors, ...errorResponses(409) },
      }),
      async (request) =>
        service.setMemberRole(
          currentUser(request).id,
          request.params.id,
          request.params.userId,
          request.body.role,
        ),
    );

    app.post(
      '/core/trips/:id/members/:userId/hand-over',
      signedIn(app, {
        summary: 'Hand the admin role over to another member (admins only)',
        description: withPermissions(
          'In one step the member (any role, viewer included) becomes an admin and the caller a member; answers the trip as the caller now sees it. Handing it to oneself answers 400; someone who is not a member 404.',
        ),
        params: tripMemberParamsSchema,
        response: { 200: tripSchema, ...tripErrors },
      }),
      async (request) =>
        service.handOverAdmin(currentUser(request).id, request.params.id, request.params.userId),
    );

    app.delete(
      '/core/trips/:id/members/:userId',
      signedIn(app, {
        summary: 'Remove a member (admins), or leave the trip (any member, with their own id)',
        description: withPermissions('The last admin can be neither removed nor leave (409).'),
        params: tripMemberParamsSchema,
        response: { ...deleted, ...errorResponses(409) },
      }),
      async (request) =>
        done(service.removeMember(currentUser(request).id, request.params.id, request.params.userId)),
    );
  };
