/**
 * The operationId of every operation of the OpenAPI document (what a generated client names its
 * functions after): derived from the method and the path, or taken from OPERATION_IDS where the
 * derived name reads badly. A route may also set `schema.operationId` itself.
 *
 * The rule, on the path without /api and its first segment when that is a namespace (core, users,
 * auth): the literal segments make the noun, camelCased, the one before a parameter in the
 * singular (`/core/trips/{id}/planner/items/{itemId}` → `TripPlannerItem`); GET → `get`,
 * PATCH → `update`, PUT → `replace`, DELETE → `delete`; POST to a plural (a collection) →
 * `create` and the singular (`POST /core/trips` → `createTrip`), POST to another word → that word
 * as the verb of the rest (`POST …/items/{itemId}/move` → `moveTripPlannerItem`).
 *
 * Ids are stable: renaming one breaks generated clients, so change an override only with the
 * path it names.
 */

/** `METHOD /path` (the path as the document shows it, without /api) → its operationId. */
export const OPERATION_IDS: Readonly<Record<string, string>> = {
  'GET /health/deep': 'getDeepHealth',
  // Sign-in and accounts
  'POST /auth/confirm': 'confirmRegistration',
  'POST /auth/networks/activate-user': 'activateSession',
  'POST /auth/refresh': 'refreshSession',
  'POST /auth/recovery': 'requestPasswordReset',
  'POST /auth/recovery-confirm': 'resetPassword',
  'GET /auth/providers': 'getSignInProviders',
  'GET /auth/networks/{provider}': 'startSocialSignIn',
  'GET /auth/networks/{provider}/callback': 'finishSocialSignIn',
  'POST /auth/passkeys/registration-options': 'getPasskeyRegistrationOptions',
  'POST /auth/passkeys/authentication-options': 'getPasskeyAuthenticationOptions',
  'POST /auth/passkeys/login': 'loginWithPasskey',
  'POST /auth/login/two-factor': 'loginWithTwoFactor',
  'GET /auth/two-factor': 'getTwoFactorStatus',
  'POST /auth/two-factor/recovery-codes': 'regenerateTwoFactorRecoveryCodes',
  'POST /auth/sessions/revoke-others': 'revokeOtherSessions',
  'GET /users/users/me': 'getCurrentUser',
  // Places and the catalogue
  'GET /core/places/autocomplete': 'autocompletePlaces',
  'GET /core/places/place/{id}': 'getPlace',
  'GET /core/places/search': 'searchPlaces',
  'GET /core/places/lookup': 'lookupPlaces',
  'GET /core/bookings': 'getMyBookings',
  'GET /core/places/lookup/reverse': 'reverseLookupPlace',
  'GET /core/places/airports': 'searchAirports',
  'GET /core/places/airports/{iata}': 'getAirport',
  'GET /core/places/time-zone': 'getTimeZone',
  'GET /core/features/search': 'searchFeatures',
  'GET /core/features/map-points': 'getFeatureMapPoints',
  'GET /core/categories/all': 'getCategories',
  'GET /core/images/{kind}/{file}': 'getArtwork',
  'GET /maps/style.json': 'getMapStyle',
  'GET /maps/data/land.geojson': 'getMapLand',
  'GET /maps/data/countries.geojson': 'getMapCountries',
  'GET /maps/data/borders.geojson': 'getMapBorders',
  'GET /maps/tiles.pmtiles': 'getMapTiles',
  // Crew, wishlist, files
  'GET /users/crew/search': 'searchPeople',
  'POST /users/crew/crew-request': 'sendCrewRequest',
  'POST /users/crew/approve-request/{id}': 'approveCrewRequest',
  'POST /users/crew/decline-request/{id}': 'declineCrewRequest',
  'GET /users/crew/my-crew': 'getMyCrew',
  'DELETE /users/crew/my-crew/{userId}': 'removeFromCrew',
  'GET /core/wishlist/listnames': 'getWishlistListNames',
  'GET /core/wishlist/all': 'getWishlistItems',
  'POST /core/wishlist': 'addWishlistItem',
  'POST /core/wishlist/move': 'moveWishlistItem',
  'DELETE /wishlist/{featureId}': 'removeWishlistItem',
  'DELETE /core/wishlist/{featureId}': 'deleteWishlistItem',
  'POST /assets/upload/avatar': 'uploadAvatar',
  'GET /assets/files/{name}': 'getStoredFile',
  'GET /account/exports/latest': 'getLatestAccountExport',
  'GET /account/exports/{id}/download': 'downloadAccountExport',
  // Trips
  'GET /core/trips/upcoming': 'getUpcomingTrips',
  'PATCH /core/trips/update/{id}': 'updateTrip',
  'POST /core/trips/{id}/upload': 'uploadTripImage',
  'GET /core/trips/features/{tripId}': 'getTripFeatures',
  'POST /core/trips/{id}/features': 'addTripFeatures',
  'POST /core/trips/{id}/members': 'addTripMember',
  'GET /core/trips/{id}/calendar.ics': 'getTripCalendar',
  'GET /core/trips/calendar-feed/{token}': 'getCalendarFeed',
  'POST /core/trips/{id}/calendar-feed': 'createTripCalendarFeed',
  'POST /core/trips/{id}/invites/email': 'createTripEmailInvite',
  'POST /core/trips/{id}/share': 'createTripShare',
  'GET /core/share/{token}': 'getSharedTrip',
  'GET /core/trips/{id}/packing': 'getTripPackingList',
  'POST /core/trips/{id}/packing': 'createTripPackingItem',
  'PATCH /core/trips/{id}/packing/{itemId}': 'updateTripPackingItem',
  'DELETE /core/trips/{id}/packing/{itemId}': 'deleteTripPackingItem',
  'PUT /core/trips/{id}/expenses/{expenseId}': 'updateTripExpense',
  'GET /core/trips/{id}/rates': 'getTripExchangeRate',
  // Messages and live events
  'POST /users/messages/direct/{userId}': 'sendDirectMessage',
  'GET /users/messages/{chatId}': 'getChatMessages',
  'POST /core/trips/{id}/chat/messages': 'sendTripChatMessage',
  'GET /users/ws': 'connectLiveEvents',
};

/** The segments of the document's paths that group routes without naming a resource. */
const NAMESPACES = new Set(['core', 'users', 'auth']);
const VERBS: Readonly<Record<string, string>> = {
  GET: 'get',
  POST: 'create',
  PUT: 'replace',
  PATCH: 'update',
  DELETE: 'delete',
};

const isParameter = (segment: string | undefined) => segment !== undefined && segment.startsWith('{');
const wordsOf = (segment: string) => segment.split(/[-_.]/).filter(Boolean);
const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const isPlural = (word: string | undefined) => word !== undefined && /[^s]s$/.test(word);

function singular(word: string): string {
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (/(ch|sh|ss|x)es$/.test(word)) return word.slice(0, -2);
  return isPlural(word) ? word.slice(0, -1) : word;
}

/** The operationId the rule gives `method` on `path` (`/core/trips/{id}`, without /api). */
export function derivedOperationId(method: string, path: string): string {
  const segments = path.split('/').filter(Boolean);
  if (segments.length > 1 && NAMESPACES.has(segments[0] ?? '')) segments.shift();
  const nouns: string[][] = [];
  segments.forEach((segment, index) => {
    if (isParameter(segment)) return;
    const words = wordsOf(segment);
    const last = words.at(-1);
    if (last !== undefined && isParameter(segments[index + 1])) words[words.length - 1] = singular(last);
    nouns.push(words);
  });
  const verb = VERBS[method.toUpperCase()] ?? method.toLowerCase();
  const lastWords = nouns.at(-1) ?? [];
  if (verb === 'create' && !isParameter(segments.at(-1)) && lastWords.length > 0) {
    if (isPlural(lastWords.at(-1))) {
      lastWords[lastWords.length - 1] = singular(lastWords.at(-1) ?? '');
    } else {
      // POST …/move, POST /auth/login: the last word is what the call does.
      const action = lastWords.map((word, index) => (index === 0 ? word : capitalized(word))).join('');
      return action + nouns.slice(0, -1).flat().map(capitalized).join('');
    }
  }
  return verb + nouns.flat().map(capitalized).join('');
}

/** The operationId of `method` on `path`: the override when there is one, else the rule's. */
export function operationIdOf(method: string, path: string): string {
  return OPERATION_IDS[`${method.toUpperCase()} ${path}`] ?? derivedOperationId(method, path);
}
