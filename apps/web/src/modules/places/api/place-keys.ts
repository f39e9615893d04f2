/** API paths of the places module's queries. Imports nothing: src/early-requests.ts reads them too. */
export const placePathById = (id: string): string => `/core/places/place/${encodeURIComponent(id)}`;
