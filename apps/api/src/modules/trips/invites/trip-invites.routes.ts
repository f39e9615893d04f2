import {
  createdTripInviteSchema,
  createTripInviteBodySchema,
  emailedTripInviteSchema,
  emailTripInviteBodySchema,
  invitePreviewSchema,
  joinedTripSchema,
  linkTokenParamsSchema,
  tripInviteParamsSchema,
  tripInvitesSchema,
} from '@tripcrew/contracts/trip-links';
import { tripIdParamsSchema } from '@tripcrew/contracts/trips';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../../platform/auth-guard.ts';
import { errorResponses } from '../../../platform/route-options.ts';
import { tripInviteBlocksRoutes } from './trip-invite-blocks.routes.ts';
import type { TripInvitesService } from './trip-invites.service.ts';
import {
  deleted,
  done,
  PERMISSIONS,
  signedIn,
  tripErrors,
  withPermissions,
} from '../routes/trip-route-options.ts';

/** Invite links: admins make, list and revoke them; a signed-in person previews and joins. */
export const tripInvitesRoutes =
  (service: TripInvitesService): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(tripInviteBlocksRoutes(service));

    app.get(
      '/core/trips/:id/invites',
      signedIn(app, {
        summary: "The trip's active invite links (admins only; the tokens are never shown again)",
        description: PERMISSIONS,
        params: tripIdParamsSchema,
        response: { 200: tripInvitesSchema, ...tripErrors },
      }),
      async (request) => service.list(currentUser(request).id, request.params.id),
    );

    app.post(
      '/core/trips/:id/invites',
      signedIn(app, {
        summary: 'Make an invite link with a role, an expiry and an optional use limit (admins only)',
        description: withPermissions(
          'The answer carries the token and URL, shown this once (only a hash is kept). An invite cannot grant admin.',
        ),
        params: tripIdParamsSchema,
        body: createTripInviteBodySchema,
        response: { 200: createdTripInviteSchema, ...tripErrors },
      }),
      async (request) => service.create(currentUser(request).id, request.params.id, request.body),
    );

    app.post(
      '/core/trips/:id/invites/email',
      signedIn(app, {
        summary: 'Invite one address by mail: a one-use invite link with a role, valid 7 days (admins only)',
        description: withPermissions(
          'The link goes to the address only: the answer names the invite, without its token. An invite cannot grant admin.',
        ),
        params: tripIdParamsSchema,
        body: emailTripInviteBodySchema,
        response: { 200: emailedTripInviteSchema, ...tripErrors },
      }),
      async (request) => service.inviteByEmail(currentUser(request).id, request.params.id, request.body),
    );

    app.delete(
      '/core/trips/:id/invites/:inviteId',
      signedIn(app, {
        summary: 'Revoke an invite link (admins only)',
        description: withPermissions('A revoked link answers 410 "revoked" from then on.'),
        params: tripInviteParamsSchema,
        response: deleted,
      }),
      async (request) =>
        done(service.revoke(currentUser(request).id, request.params.id, request.params.inviteId)),
    );

    app.get(
      '/core/invites/:token',
      signedIn(app, {
        summary: 'What an invite link leads to: trip name, place, dates, role and who invited',
        description: 'Unknown link: 404. Revoked, expired or used-up link: 410 saying which.',
        params: linkTokenParamsSchema,
        response: { 200: invitePreviewSchema, ...errorResponses(400, 401, 404, 410) },
      }),
      async (request) => service.preview(currentUser(request).id, request.params.token),
    );

    app.post(
      '/core/invites/:token/join',
      signedIn(app, {
        summary: 'Join the trip of an invite link with its role',
        description:
          'Idempotent: a member already in the trip keeps their role and uses nothing. Unknown link: 404; revoked, expired or used up: 410; a full trip: 409.',
        params: linkTokenParamsSchema,
        response: { 200: joinedTripSchema, ...errorResponses(400, 401, 404, 409, 410) },
      }),
      async (request) => service.join(currentUser(request).id, request.params.token),
    );
  };
