import {
  addTripFeaturesBodySchema,
  tripFeatureParamsSchema,
  tripFeaturesParamsSchema,
  tripFeaturesSchema,
  tripIdParamsSchema,
} from '@tripcrew/contracts/trips';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../../platform/auth-guard.ts';
import type { TripFeaturesService } from './trip-features.service.ts';
import {
  deleted,
  done,
  PERMISSIONS,
  signedIn,
  tripErrors,
  withPermissions,
} from '../routes/trip-route-options.ts';

/** The features picked for a trip: list, add (of the trip's place), remove. */
export const tripFeaturesRoutes =
  (service: TripFeaturesService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/core/trips/features/:tripId',
      signedIn(app, {
        summary: "A trip's features",
        description: PERMISSIONS,
        params: tripFeaturesParamsSchema,
        response: { 200: tripFeaturesSchema, ...tripErrors },
      }),
      async (request) => service.features(currentUser(request).id, request.params.tripId),
    );

    app.post(
      '/core/trips/:id/features',
      signedIn(app, {
        summary: "Add features of the trip's place (answers the trip's features)",
        description: withPermissions(
          'Features already in the trip are ignored; each new one gets a planner item in the tray. Unknown ids and features of another place answer 400 naming them.',
        ),
        params: tripIdParamsSchema,
        body: addTripFeaturesBodySchema,
        response: { 200: tripFeaturesSchema, ...tripErrors },
      }),
      async (request) =>
        service.addFeatures(currentUser(request).id, request.params.id, request.body.featureIds),
    );

    app.delete(
      '/core/trips/:id/features/:featureId',
      signedIn(app, {
        summary: 'Remove a feature (and its planner item) from a trip',
        description: PERMISSIONS,
        params: tripFeatureParamsSchema,
        response: deleted,
      }),
      async (request) =>
        done(service.removeFeature(currentUser(request).id, request.params.id, request.params.featureId)),
    );
  };
