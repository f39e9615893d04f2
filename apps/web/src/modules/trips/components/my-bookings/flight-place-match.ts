import type { MyBooking } from '../../api/get-my-bookings.ts';

/** How far from a place an airport may lie and still serve it (Lisbon's, Nice's, most cities'). */
export const NEAR_PLACE_KM = 60;

/** What the flight page knows of its place: its name and, when known, its point. */
export interface FlightPlace {
  title: string;
  coordinates: { lat: number; lng: number } | null;
}

type BookingPlace = NonNullable<MyBooking['booking']['start']['place']>;

const EARTH_RADIUS_KM = 6371;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance between two points, in kilometres. */
export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const dLat = radians(b.lat - a.lat);
  const dLng = radians(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Lower case, without accents, words separated by single spaces: "Nice Côte d'Azur" → "nice cote d azur". */
const words = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** True when the airport's (or station's) name or address names the place: "Lisbon Humberto Delgado" for Lisbon. */
function namesPlace(at: BookingPlace, title: string): boolean {
  const wanted = words(title);
  if (wanted === '') return false;
  return [at.name, at.address].some((text) => ` ${words(text)} `.includes(` ${wanted} `));
}

function servesPlace(at: BookingPlace | null | undefined, place: FlightPlace): boolean {
  if (!at) return false;
  if (at.coordinates && place.coordinates && distanceKm(at.coordinates, place.coordinates) <= NEAR_PLACE_KM) {
    return true;
  }
  return namesPlace(at, place.title);
}

/**
 * A flight to or from the place: its departure or arrival airport within NEAR_PLACE_KM of the
 * place's point, or named after it.
 */
export function fliesToOrFrom(entry: MyBooking, place: FlightPlace): boolean {
  const { start, end } = entry.booking;
  return servesPlace(start.place, place) || servesPlace(end?.place, place);
}
