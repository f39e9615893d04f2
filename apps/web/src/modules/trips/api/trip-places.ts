import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CreateTripPlaceBody,
  type TripPlace,
  tripPlaceListSchema,
  tripPlaceSchema,
  type UpdateTripPlaceBody,
} from '@tripcrew/contracts/trip-places';
import { api } from '../../../lib/api-client.ts';
import { apiOfflineWrite, apiWrite } from '../../../lib/api-write.ts';
import { randomId } from '../../../lib/random-id.ts';
import { QUEUED, type Queued, quoted, tripNameOf } from './trip-offline-writes.ts';
import { tripKeys, tripPath } from './trip-keys.ts';
import { tripRoutesKey } from './trip-routes.ts';

export type { CreateTripPlaceBody, TripPlace, UpdateTripPlaceBody };

/**
 * The list's query key, under tripKeys.all so a live 'trip' frame (change 'places') refetches it.
 * Kept here rather than in trip-keys.ts: that file is in the first download, whose budget is full.
 */
export const placesKey = (tripId: string) => [...tripKeys.all, 'places', tripId] as const;

export const placesPath = (tripId: string): string => `${tripPath(tripId)}/places`;
const placePath = (tripId: string, placeId: string): string =>
  `${placesPath(tripId)}/${encodeURIComponent(placeId)}`;

function parseList(data: unknown): TripPlace[] {
  const parsed = tripPlaceListSchema.safeParse(data);
  if (!parsed.success) throw new Error('Unexpected trip places data');
  return parsed.data;
}

function parsePlace(data: unknown): TripPlace {
  const parsed = tripPlaceSchema.safeParse(data);
  if (!parsed.success) throw new Error('Unexpected trip place data');
  return parsed.data;
}

/** GET /core/trips/{id}/places: the trip's places of its own, oldest first. */
export async function getTripPlaces(tripId: string, signal?: AbortSignal): Promise<TripPlace[]> {
  return parseList(await api.get<unknown>(placesPath(tripId), { signal }));
}

/** Under tripKeys.all: a live 'trip' frame (change 'places') refetches it. */
export const tripPlacesQueryOptions = (tripId: string) =>
  queryOptions({
    queryKey: placesKey(tripId),
    queryFn: ({ signal }) => getTripPlaces(tripId, signal),
  });

export function useTripPlaces(tripId: string) {
  return useQuery(tripPlacesQueryOptions(tripId));
}

/** A new place: its id chosen here (a UUID), its point as coordinates read in the browser. */
export type NewTripPlace = CreateTripPlaceBody & { _id: string; lat: number; lng: number };

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

const withPlace = (list: TripPlace[] | undefined, place: TripPlace): TripPlace[] | undefined => {
  if (!list) return list;
  return list.some((entry) => entry._id === place._id)
    ? list.map((entry) => (entry._id === place._id ? place : entry))
    : [...list, place];
};

/**
 * Add, change and remove a place of the trip's own. Adding shows the place at once and, offline,
 * waits in the offline queue (decision 016) with an id chosen here, so the replay adds it exactly
 * once; changes (with the version they start from, decision 035) and removals are sent directly.
 * Each answer is one place: it replaces the one in the list.
 */
export function useTripPlaceEdits(tripId: string) {
  const queryClient = useQueryClient();
  const key = placesKey(tripId);
  const add = useMutation({
    networkMode: 'always',
    mutationFn: async (body: NewTripPlace): Promise<TripPlace | Queued> => {
      const result = await apiOfflineWrite({
        method: 'POST',
        path: placesPath(tripId),
        body,
        label: `add ${quoted(body.name.trim())} to the places of ${tripNameOf(queryClient, tripId)}`,
      });
      return result.queued ? QUEUED : parsePlace(result.data);
    },
    onMutate: async (body) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<TripPlace[]>(key);
      if (previous) queryClient.setQueryData(key, withPlace(previous, shownPlace(body)));
      return { previous };
    },
    onError: (_error, _body, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: (place) => {
      if (place === QUEUED) return;
      queryClient.setQueryData<TripPlace[]>(key, (list) => withPlace(list, place));
      refreshPlan();
    },
  });
  const update = useMutation({
    mutationFn: async ({ placeId, change }: { placeId: string; change: UpdateTripPlaceBody }) =>
      parsePlace(await apiWrite<unknown>('PATCH', placePath(tripId, placeId), change)),
    onSuccess: (place) => {
      queryClient.setQueryData<TripPlace[]>(key, (list) => withPlace(list, place));
      refreshPlan();
    },
  });
  const remove = useMutation({
    mutationFn: (placeId: string) => apiWrite<unknown>('DELETE', placePath(tripId, placeId)),
    onSuccess: (_data, placeId) => {
      queryClient.setQueryData<TripPlace[]>(key, (list) => list?.filter((place) => place._id !== placeId));
      refreshPlan();
    },
  });
  /** The plan shows each place (its stop, its legs): a change to one is refetched there. */
  const refreshPlan = () => {
    void queryClient.invalidateQueries({ queryKey: tripKeys.planner(tripId) });
    void queryClient.invalidateQueries({ queryKey: tripRoutesKey(tripId) });
  };
  /** After a refused change (a conflict): the list as the server has it now. */
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  return { add, update, remove, refresh };
}

/** A new place's id, chosen before it is sent (a UUID). */
export const newTripPlaceId = (): string => randomId();
