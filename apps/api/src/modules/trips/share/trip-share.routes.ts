import { linkTokenParamsSchema, sharedTripSchema, tripShareSchema } from '@tripcrew/contracts/trip-links';
import { tripIdParamsSchema } from '@tripcrew/contracts/trips';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../../platform/auth-guard.ts';
import { errorResponses, publicRoute } from '../../../platform/route-options.ts';
import type { TripShareService } from './trip-share.service.ts';
import {
  deleted,
  done,
  PERMISSIONS,
  signedIn,
  tag,
  tripErrors,
  withPermissions,
} from '../routes/trip-route-options.ts';

/** The public read-only share link: admins turn it on and off; anyone with it reads the trip. */
export const tripShareRoutes =
  (service: TripShareService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/core/trips/:id/share',
      signedIn(app, {
        summary: 'Whether the trip has a public share link (admins only; the URL is shown only when made)',
        description: PERMISSIONS,
        params: tripIdParamsSchema,
        response: { 200: tripShareSchema, ...tripErrors },
      }),
      async (request) => service.status(currentUser(request).id, request.params.id),
    );

    app.post(
      '/core/trips/:id/share',
      signedIn(app, {
        summary: 'Turn the public share link on, with a new URL (admins only)',
        description: withPermissions('An earlier link stops working. Only a hash of the token is kept.'),
        params: tripIdParamsSchema,
        response: { 200: tripShareSchema, ...tripErrors },
      }),
      async (request) => service.enable(currentUser(request).id, request.params.id),
    );

    app.delete(
      '/core/trips/:id/share',
      signedIn(app, {
        summary: 'Turn the public share link off (admins only)',
        description: withPermissions('The link answers 404 from then on.'),
        params: tripIdParamsSchema,
        response: deleted,
      }),
      async (request) => done(service.disable(currentUser(request).id, request.params.id)),
    );

    app.get(
      '/core/share/:token',
      publicRoute(tag, {
        summary: 'A shared trip, read-only, for anyone with the link (no sign-in)',
        description:
          "Name, place, dates, features, day plan and the members' first names; nothing else. Not for search engines (X-Robots-Tag: noindex). A turned-off or unknown link: 404.",
        params: linkTokenParamsSchema,
        response: { 200: sharedTripSchema, ...errorResponses(400, 404) },
      }),
      async (request, reply) => {
        reply.header('x-robots-tag', 'noindex, nofollow').header('cache-control', 'private, no-store');
        return service.shared(request.params.token);
      },
    );
  };
