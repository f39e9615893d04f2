import {
  TRIP_PLACES_MAX,
  createTripPlaceBodySchema,
  tripPlaceListSchema,
  tripPlaceParamsSchema,
  tripPlaceSchema,
  updateTripPlaceBodySchema,
} from '@tripcrew/contracts/trip-places';
import { tripIdParamsSchema } from '@tripcrew/contracts/trips';
import type { TripPlacesService } from './trip-places.service.ts';
import { deletedSchema, done, permissions, TRIP_ERRORS, tripRoutes } from '../routes/trip-route-options.ts';

const EDITORS = 'Admins, members, drivers and guides; guests, others and viewers read only (403).';
const POINT =
  'The point is `lat` and `lng`, or instead a `link`: a Google Maps, OpenStreetMap or Apple Maps link, a geo: URI or "38.7139, -9.1334" text (400 when it holds no coordinates). A `category` is a catalogue category or subcategory title (400 otherwise).';

/** The trip's places of its own: the group's flat, a friend's restaurant, a town outside the catalogue. */
export const tripPlacesRoutes = (service: TripPlacesService) =>
  tripRoutes((route) => {
    route.get('/core/trips/:id/places', {
      summary: "The trip's places of its own, oldest first",
      description: permissions('Every role, viewer included (read-only for guests, others and viewers).'),
      params: tripIdParamsSchema,
      answer: tripPlaceListSchema,
      run: ({ userId, params }) => service.list(userId, params.id),
    });

    route.post('/core/trips/:id/places', {
      summary: 'Add a place of its own to the trip (a flat, a restaurant, a town outside the catalogue)',
      description: permissions(
        `${POINT} At most ${TRIP_PLACES_MAX} places a trip; an \`_id\` already taken answers 409. Answers the new place. ${EDITORS}`,
      ),
      params: tripIdParamsSchema,
      body: createTripPlaceBodySchema,
      answer: tripPlaceSchema,
      errors: [...TRIP_ERRORS, 409],
      run: ({ userId, params, body }) => service.add(userId, params.id, body),
    });

    route.patch('/core/trips/:id/places/:placeId', {
      summary: "Change a place of the trip's own: its name, point, category or details",
      description: permissions(
        `${POINT} With \`version\`, a field someone else changed since answers 409 (decision 035); other fields merge. Answers the place as it is now. ${EDITORS}`,
      ),
      params: tripPlaceParamsSchema,
      body: updateTripPlaceBodySchema,
      answer: tripPlaceSchema,
      errors: [...TRIP_ERRORS, 409],
      run: ({ userId, params, body }) => service.update(userId, params.id, params.placeId, body),
    });

    route.delete('/core/trips/:id/places/:placeId', {
      summary: 'Remove a place of its own from the trip',
      description: permissions(EDITORS),
      params: tripPlaceParamsSchema,
      answer: deletedSchema,
      run: ({ userId, params }) => done(service.remove(userId, params.id, params.placeId)),
    });
  });
