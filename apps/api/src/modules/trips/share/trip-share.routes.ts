import { linkTokenParamsSchema, sharedTripSchema, tripShareSchema } from '@tripcrew/contracts/trip-links';
import { tripIdParamsSchema } from '@tripcrew/contracts/trips';
import { routeTable } from '../../../platform/route-table.ts';
import type { TripShareService } from './trip-share.service.ts';
import { deletedSchema, done, permissions, tag, tripRoutes } from '../routes/trip-route-options.ts';

/** The public read-only share link: admins turn it on and off; anyone with it reads the trip. */
export const tripShareRoutes = (service: TripShareService) =>
  tripRoutes((route, app) => {
    route.get('/core/trips/:id/share', {
      summary: 'Whether the trip has a public share link (admins only; the URL is shown only when made)',
      description: permissions(),
      params: tripIdParamsSchema,
      answer: tripShareSchema,
      run: ({ userId, params }) => service.status(userId, params.id),
    });

    route.post('/core/trips/:id/share', {
      summary: 'Turn the public share link on, with a new URL (admins only)',
      description: permissions('An earlier link stops working. Only a hash of the token is kept.'),
      params: tripIdParamsSchema,
      answer: tripShareSchema,
      run: ({ userId, params }) => service.enable(userId, params.id),
    });

    route.delete('/core/trips/:id/share', {
      summary: 'Turn the public share link off (admins only)',
      description: permissions('The link answers 404 from then on.'),
      params: tripIdParamsSchema,
      answer: deletedSchema,
      run: ({ userId, params }) => done(service.disable(userId, params.id)),
    });

    routeTable(app, 'public', { tag }).get('/core/share/:token', {
      summary: 'A shared trip, read-only, for anyone with the link (no sign-in)',
      description:
        "Name, place, dates, features, day plan and the members' first names; nothing else. Not for search engines (X-Robots-Tag: noindex). A turned-off or unknown link: 404.",
      params: linkTokenParamsSchema,
      answer: sharedTripSchema,
      errors: [400, 404],
      run: ({ params, reply }) => {
        reply.header('x-robots-tag', 'noindex, nofollow').header('cache-control', 'private, no-store');
        return service.shared(params.token);
      },
    });
  });
