import {
  addTripFeaturesBodySchema,
  tripFeatureParamsSchema,
  tripFeaturesParamsSchema,
  tripFeaturesSchema,
  tripIdParamsSchema,
} from '@tripcrew/contracts/trips';
import type { TripFeaturesService } from './trip-features.service.ts';
import { deletedSchema, done, permissions, tripRoutes } from '../routes/trip-route-options.ts';

/** The features picked for a trip: list, add (of the trip's place), remove. */
export const tripFeaturesRoutes = (service: TripFeaturesService) =>
  tripRoutes((route) => {
    route.get('/core/trips/features/:tripId', {
      summary: "A trip's features",
      description: permissions(),
      params: tripFeaturesParamsSchema,
      answer: tripFeaturesSchema,
      run: ({ userId, params }) => service.features(userId, params.tripId),
    });

    route.post('/core/trips/:id/features', {
      summary: "Add features of the trip's place (answers the trip's features)",
      description: permissions(
        'Features already in the trip are ignored; each new one gets a planner item in the tray. Unknown ids and features of another place answer 400 naming them.',
      ),
      params: tripIdParamsSchema,
      body: addTripFeaturesBodySchema,
      answer: tripFeaturesSchema,
      run: ({ userId, params, body }) => service.addFeatures(userId, params.id, body.featureIds),
    });

    route.delete('/core/trips/:id/features/:featureId', {
      summary: 'Remove a feature (and its planner item) from a trip',
      description: permissions(),
      params: tripFeatureParamsSchema,
      answer: deletedSchema,
      run: ({ userId, params }) => done(service.removeFeature(userId, params.id, params.featureId)),
    });
  });
