import {
  PLACE_LOOKUP_MAX_RESULTS,
  type GeocoderState,
  type PlaceCandidate,
  type PlaceLookup,
  type ReverseLookup,
} from '@tripcrew/contracts/place-lookup';
import type { Db } from '../../../db/client.ts';
import { searchName } from '../../../platform/search-name.ts';
import { autocompletePlaces, type PlaceRow } from '../core/places.repository.ts';
import type { GeocoderClient, LatLng } from './geocoder-client.ts';

/**
 * Finding a place to add to a trip (GET /core/places/lookup): the towns and regions of Tripcrew's
 * world places whose name matches (the autocomplete's exact, prefix and close matches), then the
 * geocoder's addresses and points of interest that are not one of them, at most
 * PLACE_LOOKUP_MAX_RESULTS in all. A geocoder that fails leaves Tripcrew's places ('unavailable');
 * without one (GEOCODER_URL unset) nothing leaves the server ('off').
 */

/** When the geocoder found places, at most this many of the slots go to Tripcrew's own first. */
export const LOOKUP_GEOCODER_ROOM = 5;
/** A geocoder hit of the same name as a Tripcrew place this close (km) is that place. */
export const LOOKUP_DUPLICATE_KM = 25;
/** World places asked for: countries (left out) may take a few of them. */
const WORLD_PLACES_ASKED = PLACE_LOOKUP_MAX_RESULTS + 5;

export interface PlaceLookupDeps {
  db: Db;
  /** The geocoder (GEOCODER_URL); undefined: Tripcrew's places only, no network call. */
  geocoder?: GeocoderClient | undefined;
}

/** "Region, Country" as known (a region's own name is not repeated). */
function addressOf(row: PlaceRow): string {
  const region = row.region && row.region !== row.title ? row.region : undefined;
  return [region, row.country].filter(Boolean).join(', ');
}

/** A town or region with a point as a candidate; countries and places without a point are not. */
function worldCandidate(row: PlaceRow): PlaceCandidate | undefined {
  if (row.type === 'Country' || row.lat === null || row.lng === null) return undefined;
  return {
    name: row.title,
    address: addressOf(row),
    coordinates: { lat: row.lat, lng: row.lng },
    source: 'tripcrew',
    kind: row.type,
  };
}

/** Distance in km on a sphere (haversine). */
function distanceKm(a: LatLng, b: LatLng): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

const isSamePlace = (a: PlaceCandidate, b: PlaceCandidate) =>
  searchName(a.name) === searchName(b.name) &&
  distanceKm(a.coordinates, b.coordinates) <= LOOKUP_DUPLICATE_KM;

/**
 * Tripcrew's places first, then the geocoder's that are none of them; when the geocoder found
 * some, up to LOOKUP_GEOCODER_ROOM of the slots stay theirs, so that close name matches of towns
 * ("Augusta" for "Rua Augusta") cannot push every street and venue out.
 */
export function mergeCandidates(ours: PlaceCandidate[], theirs: PlaceCandidate[]): PlaceCandidate[] {
  const fresh = theirs.filter(
    (hit, index) =>
      !ours.some((place) => isSamePlace(place, hit)) &&
      !theirs.slice(0, index).some((before) => isSamePlace(before, hit) && before.address === hit.address),
  );
  const room = Math.min(fresh.length, LOOKUP_GEOCODER_ROOM);
  const kept = ours.slice(0, PLACE_LOOKUP_MAX_RESULTS - room);
  return [...kept, ...fresh.slice(0, PLACE_LOOKUP_MAX_RESULTS - kept.length)];
}

export function createPlaceLookupService(deps: PlaceLookupDeps) {
  const { db, geocoder } = deps;

  async function worldPlaces(q: string): Promise<PlaceCandidate[]> {
    const name = searchName(q);
    if (name.length < 3) return [];
    const rows = await autocompletePlaces(db, name, WORLD_PLACES_ASKED);
    return rows.flatMap((row) => worldCandidate(row) ?? []).slice(0, PLACE_LOOKUP_MAX_RESULTS);
  }

  return {
    /** Places matching q (near lat/lng first when the geocoder is asked), and the geocoder's state. */
    async lookup(query: {
      q: string;
      lat?: number | undefined;
      lng?: number | undefined;
    }): Promise<PlaceLookup> {
      const near =
        query.lat !== undefined && query.lng !== undefined ? { lat: query.lat, lng: query.lng } : undefined;
      const [ours, theirs] = await Promise.all([
        worldPlaces(query.q),
        geocoder ? geocoder.search(query.q, near) : Promise.resolve(undefined),
      ]);
      const state: GeocoderState = theirs === undefined ? 'off' : theirs === null ? 'unavailable' : 'ok';
      return { results: mergeCandidates(ours, theirs ?? []), geocoder: state };
    },

    /** The geocoder's place at a dropped pin, with the pin's own point; null when none or no geocoder. */
    async reverse(point: LatLng): Promise<ReverseLookup> {
      if (!geocoder) return { result: null, geocoder: 'off' };
      const hits = await geocoder.reverse(point);
      if (hits === null) return { result: null, geocoder: 'unavailable' };
      const first = hits[0];
      const result = first ? { ...first, coordinates: { lat: point.lat, lng: point.lng } } : null;
      return { result, geocoder: 'ok' };
    },
  };
}
export type PlaceLookupService = ReturnType<typeof createPlaceLookupService>;
