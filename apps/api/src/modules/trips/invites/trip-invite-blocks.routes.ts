import { messageResponseSchema } from '@tripcrew/contracts/auth';
import { inviteBlockQuerySchema } from '@tripcrew/contracts/trip-links';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, publicRoute } from '../../../platform/route-options.ts';
import type { TripInvitesService } from './trip-invites.service.ts';

const DESCRIPTION =
  'The button of the page an invitation mail links to (/invites/block), and the List-Unsubscribe header of the mail (RFC 8058): from then on an invitation by mail to that address is refused (403 INVITES_BLOCKED). The token only the mail carries is the proof; repeating it is harmless. Unknown token or an invite link not sent by mail: 404.';

/** GET|POST /core/invites/block: the recipient of an invitation mail blocks further ones. */
export const tripInviteBlocksRoutes =
  (service: Pick<TripInvitesService, 'blockInvitations'>): FastifyPluginAsyncZod =>
  async (app) => {
    // Mail clients send the one-click post as a form (RFC 8058); its body says nothing the token does not.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, body),
    );
    const schema = {
      description: DESCRIPTION,
      querystring: inviteBlockQuerySchema,
      response: { 200: messageResponseSchema, ...errorResponses(400, 404) },
    };
    app.get(
      '/core/invites/block',
      publicRoute('trips', {
        summary: 'Block further invitations to the address of an invitation mail',
        ...schema,
      }),
      async (request) => service.blockInvitations(request.query.token),
    );
    app.post(
      '/core/invites/block',
      {
        // The token is the proof: a mail client posts it without cookies or a CSRF token.
        config: { csrf: false },
        ...publicRoute('trips', {
          summary: 'One-click block of further invitations to the address of an invitation mail',
          ...schema,
        }),
      },
      async (request) => service.blockInvitations(request.query.token),
    );
  };
