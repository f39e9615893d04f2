import { okSchema, type Ok } from '@tripcrew/contracts/common';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { errorResponses, signedInRoute } from '../../../platform/route-options.ts';

/** What every trips routes file shares: the error answers, the guard and the DELETE answer. */

/** Errors of a route on one trip: bad input, signed out, role lacking (403), not a member (404). */
export const tripErrors = errorResponses(400, 401, 403, 404);

/** Every DELETE answers 200 `{ ok: true }` (SPEC: a DELETE succeeds with 200 and a small body). */
export const deleted = { 200: okSchema.describe('Deleted'), ...tripErrors } as const;

export const tag = 'trips';

export const PERMISSIONS = 'Permissions per role: docs/trips-permissions.md. Non-members get 404.';

/** `text`, then the pointer to the permissions table. */
export const withPermissions = (text: string) => `${text} ${PERMISSIONS}`;

/** The options of a route for signed-in callers: the guard, the trips tag and the bearer scheme. */
export function signedIn<S extends FastifySchema>(app: Pick<FastifyInstance, 'requireUser'>, schema: S) {
  return signedInRoute(app, tag, schema);
}

const OK: Ok = { ok: true };

/** The answer of a DELETE once `work` is done. */
export async function done(work: Promise<void>): Promise<Ok> {
  await work;
  return OK;
}
