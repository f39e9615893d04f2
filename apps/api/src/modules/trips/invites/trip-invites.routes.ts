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
import { tripInviteBlocksRoutes } from './trip-invite-blocks.routes.ts';
import type { TripInvitesService } from './trip-invites.service.ts';
import { deletedSchema, done, permissions, tripRoutes } from '../routes/trip-route-options.ts';

const NO_ADMIN = 'An invite cannot grant admin.';

/** Invite links: admins make, list and revoke them; a signed-in person previews and joins. */
export const tripInvitesRoutes = (service: TripInvitesService) =>
  tripRoutes(async (route, app) => {
    await app.register(tripInviteBlocksRoutes(service));

    route.get('/core/trips/:id/invites', {
      summary: "The trip's active invite links (admins only; the tokens are never shown again)",
      description: permissions(),
      params: tripIdParamsSchema,
      answer: tripInvitesSchema,
      run: ({ userId, params }) => service.list(userId, params.id),
    });

    route.post('/core/trips/:id/invites', {
      summary: 'Make an invite link with a role, an expiry and an optional use limit (admins only)',
      description: permissions(
        `The answer carries the token and URL, shown this once (only a hash is kept). ${NO_ADMIN}`,
      ),
      params: tripIdParamsSchema,
      body: createTripInviteBodySchema,
      answer: createdTripInviteSchema,
      run: ({ userId, params, body }) => service.create(userId, params.id, body),
    });

    route.post('/core/trips/:id/invites/email', {
      summary: 'Invite one address by mail: a one-use invite link with a role, valid 7 days (admins only)',
      description: permissions(
        `The link goes to the address only: the answer names the invite, without its token. ${NO_ADMIN}`,
      ),
      params: tripIdParamsSchema,
      body: emailTripInviteBodySchema,
      answer: emailedTripInviteSchema,
      run: ({ userId, params, body }) => service.inviteByEmail(userId, params.id, body),
    });

    route.delete('/core/trips/:id/invites/:inviteId', {
      summary: 'Revoke an invite link (admins only)',
      description: permissions('A revoked link answers 410 "revoked" from then on.'),
      params: tripInviteParamsSchema,
      answer: deletedSchema,
      run: ({ userId, params }) => done(service.revoke(userId, params.id, params.inviteId)),
    });

    route.get('/core/invites/:token', {
      summary: 'What an invite link leads to: trip name, place, dates, role and who invited',
      description: 'Unknown link: 404. Revoked, expired or used-up link: 410 saying which.',
      params: linkTokenParamsSchema,
      answer: invitePreviewSchema,
      errors: [400, 401, 404, 410],
      run: ({ userId, params }) => service.preview(userId, params.token),
    });

    route.post('/core/invites/:token/join', {
      summary: 'Join the trip of an invite link with its role',
      description:
        'Idempotent: a member already in the trip keeps their role and uses nothing. Unknown link: 404; revoked, expired or used up: 410; a full trip: 409.',
      params: linkTokenParamsSchema,
      answer: joinedTripSchema,
      errors: [400, 401, 404, 409, 410],
      run: ({ userId, params }) => service.join(userId, params.token),
    });
  });
