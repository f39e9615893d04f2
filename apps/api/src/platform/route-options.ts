import { apiErrorSchema } from '@tripcrew/contracts/common';
import type { FastifyInstance, FastifyReply, FastifySchema } from 'fastify';

/**
 * The options every JSON route repeats, written once (DESIGN §4):
 *
 *   app.get('/users/chats', signedInRoute(app, 'messages', {
 *     summary: '…', response: { 200: chatsResponseSchema, ...errorResponses(401) },
 *   }), async (request) => service.list(currentUser(request).id));
 *
 * The OpenAPI document shows the same tags and response codes as if spelled out, and the security
 * its guard means (openapi-document.ts: the bearer scheme for signedInRoute, optional for
 * optionalUserRoute, none for publicRoute).
 */

/** The error statuses an API route documents; each answers the one error body (`apiErrorSchema`). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 429 | 503;

/** `{ 400: apiErrorSchema, 401: apiErrorSchema, … }`: the `response` entries of the statuses given. */
export function errorResponses<const S extends ErrorStatus>(
  ...statuses: S[]
): Record<S, typeof apiErrorSchema> {
  return Object.fromEntries(statuses.map((status) => [status, apiErrorSchema])) as Record<
    S,
    typeof apiErrorSchema
  >;
}

/** The options of a route anyone may call: its OpenAPI tag and schema. */
export function publicRoute<S extends FastifySchema>(tag: string, schema: S) {
  return { schema: { tags: [tag], ...schema } };
}

/** The options of a route for signed-in callers: the requireUser guard and the tag. */
export function signedInRoute<S extends FastifySchema>(
  app: Pick<FastifyInstance, 'requireUser'>,
  tag: string,
  schema: S,
) {
  return { preHandler: app.requireUser, schema: { tags: [tag], ...schema } };
}

/**
 * The options of a route open to anyone that shows more to a signed-in caller: the optionalUser
 * guard (a bearer that is sent must be valid) and the tag.
 */
export function optionalUserRoute<S extends FastifySchema>(
  app: Pick<FastifyInstance, 'optionalUser'>,
  tag: string,
  schema: S,
) {
  return { preHandler: app.optionalUser, schema: { tags: [tag], ...schema } };
}

/**
 * Answers of the plugin's routes are per user: `Cache-Control: private, no-store` unless a route
 * set its own. Call it inside the routes plugin, so it covers only that plugin's routes.
 */
export function privateAnswers(app: Pick<FastifyInstance, 'addHook'>): void {
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-store');
    done(null, payload);
  });
}

/**
 * Answers a file download: its content type, a Content-Disposition with its name (an attachment,
 * or `inline`), and its bytes or text (the JSON routes' serializer does not apply).
 */
export function sendFile(
  reply: FastifyReply,
  file: { type: string; fileName: string; body: Buffer | string; inline?: boolean },
): FastifyReply {
  return reply
    .type(file.type)
    .header('content-disposition', `${file.inline ? 'inline' : 'attachment'}; filename="${file.fileName}"`)
    .send(file.body);
}
