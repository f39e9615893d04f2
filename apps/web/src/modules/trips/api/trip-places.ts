import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CreateTripPlaceBody,
  type TripPlace,
  tripPlaceListSchema,
  tripPlaceSchema,
  type UpdateTripPlaceBody,
} from '@tripcrew/contracts/trip-places';
import { randomId } from '../../../lib/random-id.ts';
import { useWaitingWrite } from '../../../lib/use-waiting-write.ts';
import { quoted } from './trip-offline-writes.ts';
import { tripKeys } from './trip-keys.ts';
import { tripEntryList, useTripEntryEdits } from './trip-lists.ts';
import { tripRoutesKey } from './trip-routes.ts';

export type { CreateTripPlaceBody, TripPlace, UpdateTripPlaceBody };

const PLACES = tripEntryList('places', { list: tripPlaceListSchema, entry: tripPlaceSchema }, 'trip place');
export const placesKey = PLACES.key;
export const placesPath = PLACES.path;

/** GET /core/trips/{id}/places: the trip's places of its own, oldest first. */
export function useTripPlaces(tripId: string) {
  return useQuery(PLACES.queryOptions(tripId));
}

/** A new place: its id chosen here (a UUID), its point as coordinates read in the browser. */
export type NewTripPlace = CreateTripPlaceBody & { _id: string; lat: number; lng: number };

/** The list with `place` in, replacing the one of its id (a new one last). */
const withPlace = (list: TripPlace[] | undefined, place: TripPlace): TripPlace[] | undefined => {
  if (!list) return list;
  return list.some((entry) => entry._id === place._id)
    ? list.map((entry) => (entry._id === place._id ? place : entry))
    : [...list, place];
};

/** The place as shown at once, before the server answers (or while the add waits offline). */
function shownPlace(body: NewTripPlace): TripPlace {
  const now = new Date().toISOString();
  return {
    _id: body._id,
    name: body.name.trim(),
    category: body.category ?? null,
    address: body.address?.trim() ?? '',
    coordinates: { lat: body.lat, lng: body.lng },
    website: body.website?.trim() || null,
    phone: body.phone?.trim() || null,
    notes: body.notes?.trim() ?? '',
    createdBy: null,
    createdAt: now,
    updatedAt: now,
    version: 1,
  };
}

const keptText = (value: string | undefined, before: string): string =>
  value === undefined ? before : value.trim();
const keptOrNull = (value: string | null | undefined, before: string | null): string | null =>
  value === undefined ? before : value?.trim() || null;

/** The place with a change in, as shown before the server answers (or while it waits offline). */
function editedPlace(place: TripPlace, change: UpdateTripPlaceBody): TripPlace {
  const { lat, lng } = change;
  return {
    ...place,
    name: keptText(change.name, place.name),
    category: keptOrNull(change.category, place.category),
    address: keptText(change.address, place.address),
    coordinates: lat !== undefined && lng !== undefined ? { lat, lng } : place.coordinates,
    website: keptOrNull(change.website, place.website),
    phone: keptOrNull(change.phone, place.phone),
    notes: keptText(change.notes, place.notes),
    updatedAt: new Date().toISOString(),
  };
}

/** Whether a change of the place made offline waits in the queue (its add: useTripPlaceWaiting). */
export function useTripPlaceChangeWaiting(tripId: string, placeId: string): boolean {
  const path = PLACES.entryPath(tripId, placeId);
  return useWaitingWrite((write) => write.method === 'PATCH' && write.path === path);
}

/**
 * Add, change and remove a place of the trip's own (useTripEntryEdits): an add or a change is
 * shown at once and, offline, waits in the offline queue; a change carries the version it started
 * from. The plan shows each place (its stop, its legs): a change to one is refetched there.
 */
export function useTripPlaceEdits(tripId: string) {
  const queryClient = useQueryClient();
  return useTripEntryEdits<TripPlace, NewTripPlace, UpdateTripPlaceBody>(tripId, {
    list: PLACES,
    shown: shownPlace,
    edited: editedPlace,
    withEntry: withPlace,
    label: (body, tripName) => `add ${quoted(body.name.trim())} to the places of ${tripName}`,
    changeLabel: (place, tripName) =>
      `edit ${place ? quoted(place.name) : 'a place'} in the places of ${tripName}`,
    onChanged: () => {
      void queryClient.invalidateQueries({ queryKey: tripKeys.planner(tripId) });
      void queryClient.invalidateQueries({ queryKey: tripRoutesKey(tripId) });
    },
  });
}

/** A new place's id, chosen before it is sent (a UUID). */
export const newTripPlaceId = (): string => randomId();
