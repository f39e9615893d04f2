import { okSchema } from '@tripcrew/contracts/common';
import { tableRoutes } from '../../../platform/route-table.ts';

export { done } from '../../../platform/route-table.ts';

/** What every trips routes file shares: the route table (guard, tag, errors) and the DELETE answer. */

/** Errors of a route on one trip: bad input, signed out, role lacking (403), not a member (404). */
export const TRIP_ERRORS = [400, 401, 403, 404] as const;

/** Every DELETE answers 200 `{ ok: true }` (SPEC: a DELETE succeeds with 200 and a small body). */
export const deletedSchema = okSchema.describe('Deleted');

export const tag = 'trips';

const PERMISSIONS = 'Permissions per role: docs/trips-permissions.md. Non-members get 404.';

/** A route's description: its own `text` (if any), then the pointer to the permissions table. */
export const permissions = (text?: string) => (text === undefined ? PERMISSIONS : `${text} ${PERMISSIONS}`);

/** A trips routes plugin: its table is signed in, with the trips tag and a trip route's errors. */
export const tripRoutes = (define: Parameters<typeof tableRoutes<'signedIn'>>[2]) =>
  tableRoutes('signedIn', { tag, errors: TRIP_ERRORS }, define);
