import type { RouteMode } from '@tripcrew/contracts/trip-routes';
import type { TransportMode } from '@tripcrew/contracts/trips';

/**
 * Estimated legs when no routing server answers (decision 022). Every constant lives here, with
 * its unit; a leg's estimate is the great-circle (haversine) distance × the mode's detour factor,
 * travelled at the mode's speed, plus (transit) a fixed wait per leg.
 */

export interface LngLat {
  lng: number;
  lat: number;
}

/** Mean Earth radius (IUGG), metres. */
export const EARTH_RADIUS_M = 6_371_008.8;

export interface ModeConstants {
  /** Road/path length ÷ straight-line length (dimensionless). */
  detourFactor: number;
  /** Average speed, km/h. */
  speedKmh: number;
  /** Fixed time added to every leg (waiting for a tram, bus or metro), seconds. */
  waitPerLegS: number;
}

export const MODE_CONSTANTS: Readonly<Record<RouteMode, ModeConstants>> = {
  walking: { detourFactor: 1.3, speedKmh: 4.8, waitPerLegS: 0 },
  driving: { detourFactor: 1.3, speedKmh: 40, waitPerLegS: 0 },
  transit: { detourFactor: 1.3, speedKmh: 20, waitPerLegS: 300 },
};

/** A day is 'walking' when every leg's straight-line distance is at most this (metres)… */
export const WALKING_MAX_LEG_M = 2_500;
/** …and the trip's place is a city (a region or a country is too wide to assume a walk). */
export const WALKING_PLACE_TYPE = 'City';

const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in metres between two points (haversine formula). */
export function haversineM(a: LngLat, b: LngLat): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

export interface LegEstimate {
  distanceM: number;
  durationS: number;
}

/** The estimated distance (m) and duration (s) of one leg, both rounded to whole units. */
export function estimateLeg(from: LngLat, to: LngLat, mode: RouteMode): LegEstimate {
  const c = MODE_CONSTANTS[mode];
  const distanceM = haversineM(from, to) * c.detourFactor;
  const moving = distanceM / ((c.speedKmh * 1000) / 3600);
  return {
    distanceM: Math.round(distanceM),
    durationS: Math.round(moving + (distanceM > 0 ? c.waitPerLegS : 0)),
  };
}

/** The trip's mode between places: a car for a 'private' trip, public transport for a 'public' one. */
export function tripMode(transport: TransportMode): RouteMode {
  return transport === 'private' ? 'driving' : 'transit';
}

/**
 * The mode of one day: walking when the trip's place is a City, the day has at least two stops
 * and every consecutive pair is at most WALKING_MAX_LEG_M apart in a straight line; else the
 * trip's mode.
 */
export function dayMode(
  stops: readonly LngLat[],
  transport: TransportMode,
  placeType: string | null,
): RouteMode {
  const close = stops.every(
    (stop, i) => i === 0 || haversineM(stops[i - 1] as LngLat, stop) <= WALKING_MAX_LEG_M,
  );
  return placeType === WALKING_PLACE_TYPE && stops.length > 1 && close ? 'walking' : tripMode(transport);
}
