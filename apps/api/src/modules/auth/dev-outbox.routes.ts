import { outboxQuerySchema, outboxResponseSchema } from '@tripcrew/contracts/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loopbackOnly } from '../../platform/loopback.ts';
import { publicRoute } from '../../platform/route-options.ts';
import type { Mailer } from '../../platform/mail.ts';

/**
 * GET /dev/outbox: the mails of the dev outbox, newest first, so a newcomer can read the
 * confirmation code without a mail server. app.ts registers it only outside production, and it
 * answers only on a loopback connection: from any other address it is a 404 like an unknown
 * route, so nobody who can merely reach the server reads other people's codes.
 */
export const devOutboxRoutes =
  (mailer: Mailer): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', loopbackOnly);
    app.get(
      '/dev/outbox',
      publicRoute('dev', {
        summary: 'Recent mails of the dev outbox (loopback only, not available in production)',
        description:
          'Without SMTP_URL every mail is kept as JSON under DATA_DIR/outbox; this lists them, newest first. With SMTP_URL the list is empty and delivery is "smtp". Answers only on a loopback connection (404 from any other address).',
        querystring: outboxQuerySchema,
        response: { 200: outboxResponseSchema },
      }),
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return {
          delivery: mailer.delivery,
          mails: await mailer.listOutbox({ limit: request.query.limit, to: request.query.to }),
        };
      },
    );
  };
