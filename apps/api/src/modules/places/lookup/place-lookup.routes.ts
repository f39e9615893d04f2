import {
  PLACE_LOOKUP_MAX_RESULTS,
  placeLookupQuerySchema,
  placeLookupSchema,
  reverseLookupQuerySchema,
  reverseLookupSchema,
} from '@tripcrew/contracts/place-lookup';
import { tableRoutes } from '../../../platform/route-table.ts';
import type { PlaceLookupService } from './place-lookup.service.ts';

/** Searching for a place to add to a trip (a place of the trip's own): signed-in callers only. */
export const placeLookupRoutes = (service: PlaceLookupService) =>
  tableRoutes('signedIn', { tag: 'places', errors: [400, 401], private: true }, (route) => {
    route.get('/core/places/lookup', {
      summary: 'Find a place to add to a trip: towns and regions Tripcrew knows, then addresses and venues',
      description: `At least 3 characters. Tripcrew's towns and regions whose name matches come first (source 'tripcrew', with their region and country), then the geocoder's addresses and points of interest that are not one of them (source 'geocoder'; near \`lat\`/\`lng\` first when both are given), at most ${PLACE_LOOKUP_MAX_RESULTS} in all. ${GEOCODER}`,
      querystring: placeLookupQuerySchema,
      answer: placeLookupSchema,
      run: ({ query }) => service.lookup(query),
    });

    route.get('/core/places/lookup/reverse', {
      summary: 'What is at a point dropped on the map',
      description: `The geocoder's nearest place, with the point asked for as its coordinates; \`result\` null when it knows nothing there or the server has no geocoder. ${GEOCODER}`,
      querystring: reverseLookupQuerySchema,
      answer: reverseLookupSchema,
      run: ({ query }) => service.reverse(query),
    });
  });

/** What the `geocoder` field of both answers says. */
const GEOCODER =
  "`geocoder`: 'off' when the server has none (GEOCODER_URL unset: nothing leaves the server), 'ok' when it answered, 'unavailable' when it failed (still 200).";
