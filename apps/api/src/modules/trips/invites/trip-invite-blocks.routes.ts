import { messageResponseSchema } from '@tripcrew/contracts/auth';
import { inviteBlockQuerySchema } from '@tripcrew/contracts/trip-links';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, publicRoute } from '../../../platform/route-options.ts';
import type { TripInvitesService } from './trip-invites.service.ts';

const DESCRIPTION =
  'The button of the page an invitation mail links to (/invites/block), and the one-click List-Unsubscribe post of the mail (RFC 8058): from then on an invitation by mail to that address is refused (403 INVITES_BLOCKED). The token only the mail carries is the proof; repeating it is harmless. Unknown token or an invite link not sent by mail: 404.';

/** POST /core/invites/block: the recipient of an invitation mail blocks further ones (GET only leads to the page). */
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
        summary: 'Older invitation mails linked here: 303 to the block page of the web app',
        description:
          'Blocks nothing: a link opened by a mail scanner or a prefetch must not block. The page (/invites/block) explains what blocking does and its button posts the token here.',
        querystring: inviteBlockQuerySchema,
        response: errorResponses(400),
      }),
      async (request, reply) =>
        reply
          .header('cache-control', 'no-store')
          .redirect(`/invites/block?token=${encodeURIComponent(request.query.token)}`, 303),
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
