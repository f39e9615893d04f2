/** SPEC §2 'Place path building' and the reverse: the place search query of a /place/... route. */
export type PlacePathType = 'Country' | 'Region' | 'City';

export interface PlacePathInput {
  _id: string;
  title: string;
  type: PlacePathType;
  country?: string | null;
  region?: string | null;
}

const segment = (value: string): string => encodeURIComponent(value.trim().toLowerCase());

const present = (value: string | null | undefined): value is string =>
  typeof value === 'string' && value.trim() !== '';

/**
 * Lowercase path: country (if present), then the type; a city adds the region (if present), then
 * the title; a region adds the region name. The place id is appended as the query parameter place.
 */
export function placePath(place: PlacePathInput): string {
  const parts: string[] = [];
  if (present(place.country)) parts.push(place.country);
  parts.push(place.type);
  if (place.type === 'City') {
    if (present(place.region)) parts.push(place.region);
    parts.push(place.title);
  } else if (place.type === 'Region') {
    parts.push(present(place.region) ? place.region : place.title);
  }
  const query = new URLSearchParams({ place: place._id });
  return `/place/${parts.map(segment).join('/')}?${query.toString()}`;
}

export interface PlaceRouteParams {
  country?: string;
  type?: string;
  region?: string;
  place?: string;
}

export interface PlaceSearchParams {
  country?: string;
  region?: string;
  place?: string;
}

/**
 * The GET /core/places/search query of a place route (SPEC §7): a city uses place (the region
 * when there is no place), a region uses region, a country only the country. null when the route
 * names no country.
 */
export function placeSearchFromRoute(params: PlaceRouteParams): PlaceSearchParams | null {
  const country = params.country?.trim();
  if (!country) return null;
  const type = params.type?.toLowerCase();
  if (type === 'city') {
    const place = params.place ?? params.region;
    if (!place) return { country };
    return params.place && params.region ? { country, region: params.region, place } : { country, place };
  }
  if (type === 'region') return params.region ? { country, region: params.region } : { country };
  return { country };
}
