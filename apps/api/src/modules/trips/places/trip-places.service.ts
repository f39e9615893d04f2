import { isUuid } from '@tripcrew/contracts/common';
import { readPlaceLink } from '@tripcrew/contracts/place-links';
import {
  TRIP_PLACES_MAX,
  type createTripPlaceBodySchema,
  type TripPlace,
  type updateTripPlaceBodySchema,
} from '@tripcrew/contracts/trip-places';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { badRequest, conflict, notFound } from '../../../platform/errors.ts';
import { readAccess, writeAccess } from '../core/trip-access.ts';
import { tripPlaceView } from '../core/trip-views.ts';
import type { TripContext } from '../core/trip-context.ts';
import type { TripPlaceRow } from '../core/trips.table.ts';
import {
  labelOf,
  mergeEdit,
  recordArrival,
  recordEdit,
  type EditedRecord,
} from '../history/record-versions.ts';
import {
  countTripPlaces,
  deleteTripPlace,
  findTripPlace,
  findTripPlaces,
  insertTripPlace,
  updateTripPlace,
} from './trip-places.repository.ts';
import { findPlannerItemOf } from '../planner/trip-planner.repository.ts';
import { addToTray, renumber } from '../planner/trip-planner.service.ts';

export type CreateTripPlaceInput = z.output<typeof createTripPlaceBodySchema>;
export type UpdateTripPlaceInput = z.output<typeof updateTripPlaceBodySchema>;

const NO_PLACE = 'This place is not among the places of this trip.';
const NO_COORDINATES =
  'This link holds no coordinates: open the place in the map app and copy its link again (short links such as maps.app.goo.gl hold none), or paste its coordinates, like "38.7139, -9.1334".';
const OUT_OF_RANGE =
  "This link's coordinates are out of range: a latitude is between -90 and 90, a longitude between -180 and 180.";

/** The fields of a place an edit changes and its history keeps. */
export type TripPlaceValues = {
  name: string;
  category: string | null;
  address: string;
  lat: number;
  lng: number;
  website: string | null;
  phone: string | null;
  notes: string;
};

export const TRIP_PLACE_FIELDS: readonly (keyof TripPlaceValues)[] = [
  'name',
  'category',
  'address',
  'lat',
  'lng',
  'website',
  'phone',
  'notes',
];

/**
 * Of the values a history entry kept (before or after a change), those of `fields`, typed; the
 * point only whole (both coordinates), a name only when there is one.
 */
export function tripPlaceValuesIn(
  kept: Record<string, unknown>,
  fields: readonly string[],
): Partial<TripPlaceValues> {
  const text = (field: string) => (typeof kept[field] === 'string' ? kept[field] : null);
  const values: Partial<TripPlaceValues> = {};
  for (const field of fields) {
    if (field === 'name' && text('name')) values.name = text('name') as string;
    if (field === 'address' || field === 'notes') values[field] = text(field) ?? '';
    if (field === 'category' || field === 'website' || field === 'phone') values[field] = text(field);
  }
  const { lat, lng } = kept;
  if (
    (fields.includes('lat') || fields.includes('lng')) &&
    typeof lat === 'number' &&
    typeof lng === 'number'
  ) {
    values.lat = lat;
    values.lng = lng;
  }
  return values;
}

/** The stored fields of a place from what was given (or kept): empty text where none was. */
export function placeRow(given: Partial<TripPlaceValues> & { lat: number; lng: number }): TripPlaceValues {
  return {
    name: given.name ?? '',
    category: given.category ?? null,
    address: given.address ?? '',
    lat: given.lat,
    lng: given.lng,
    website: given.website ?? null,
    phone: given.phone ?? null,
    notes: given.notes ?? '',
  };
}

/** A place as an edit finds it (decision 035): each of its fields merges on its own, the point as one. */
export function tripPlaceRecord(place: TripPlaceRow): EditedRecord<TripPlaceValues> {
  return {
    tripId: place.tripId,
    kind: 'trip-place',
    id: place.id,
    version: place.version,
    label: labelOf(place.name),
    values: {
      name: place.name,
      category: place.category,
      address: place.address,
      lat: place.lat,
      lng: place.lng,
      website: place.website,
      phone: place.phone,
      notes: place.notes,
    },
  };
}

/**
 * The point is one value: a change of either coordinate writes, and records, both, so an edit of
 * the point from an older version meets any change of the point made since (409), never half of it.
 */
export function withWholePoint(
  applied: Partial<TripPlaceValues>,
  point: { lat: number; lng: number } | undefined,
): Partial<TripPlaceValues> {
  if (!point || (applied.lat === undefined && applied.lng === undefined)) return applied;
  return { ...applied, lat: point.lat, lng: point.lng };
}

/**
 * The history entry of a place that came into the trip ('added', or 'restored' by an undo) or left
 * it ('removed'): its fields after, or before, the change.
 */
export async function recordTripPlace(
  tx: Db,
  userId: string,
  place: TripPlaceRow,
  action: 'added' | 'restored' | 'removed',
  undoOf?: string,
): Promise<void> {
  await recordArrival(tx, userId, tripPlaceRecord(place), action, undoOf);
}

/** A place comes into the trip (added, or back by an undo) with its planner item at the end of the tray. */
export async function insertPlace(
  tx: Db,
  row: Parameters<typeof insertTripPlace>[1],
): Promise<TripPlaceRow | undefined> {
  const place = await insertTripPlace(tx, row);
  if (place) await addToTray(tx, place.tripId, [{ placeId: place.id }]);
  return place;
}

/** A place leaves the trip, its planner item with it (the item's list closes up). */
export async function deletePlace(tx: Db, place: TripPlaceRow): Promise<void> {
  const item = await findPlannerItemOf(tx, place.tripId, { placeId: place.id });
  await deleteTripPlace(tx, place.id);
  if (item) await renumber(tx, place.tripId, item.day);
}

/** The point a pasted link (or "lat, lng" text) holds: 400 naming what is wrong with it. */
export function pointOfLink(link: string): { lat: number; lng: number } {
  const reading = readPlaceLink(link);
  if (reading.ok) return { lat: reading.point.lat, lng: reading.point.lng };
  throw badRequest(reading.reason === 'out-of-range' ? OUT_OF_RANGE : NO_COORDINATES, 'link');
}

/** The point of a body: its link read, or its lat and lng; undefined when it gives none. */
function pointOf(body: {
  lat?: number | undefined;
  lng?: number | undefined;
  link?: string | undefined;
}): { lat: number; lng: number } | undefined {
  if (body.link !== undefined) return pointOfLink(body.link);
  if (body.lat !== undefined && body.lng !== undefined) return { lat: body.lat, lng: body.lng };
  return undefined;
}

/**
 * The trip's places of its own: every member reads them, viewers included (they are part of the
 * plan); those who edit the trip (admin, member, driver, guide) add, change and remove them; guest,
 * other and viewer read them only. A place's point is given as coordinates or a map link (read
 * here, with no network); its category, if any, is one of the catalogue's. Each change is recorded
 * in the trip's history and announced live to every member (trip frame, change 'places').
 */
export function createTripPlacesService(ctx: TripContext) {
  const { db } = ctx;

  /** The catalogue's spelling of a category or subcategory (any case); 400 naming an unknown one. */
  async function categoryOf(name: string | null): Promise<string | null> {
    if (name === null) return null;
    const wanted = name.toLowerCase();
    const { value } = await ctx.categories.all();
    for (const category of value) {
      if (category.title.toLowerCase() === wanted) return category.title;
      const sub = category.subcategories.find((s) => s.toLowerCase() === wanted);
      if (sub !== undefined) return sub;
    }
    throw badRequest(
      `Unknown category "${name.slice(0, 60)}": pick one of the catalogue's categories or subcategories, or none.`,
      'category',
    );
  }

  async function placeOf(tx: Db, tripId: string, placeId: string): Promise<TripPlaceRow> {
    const place = isUuid(placeId) ? await findTripPlace(tx, tripId, placeId) : undefined;
    if (!place) throw notFound(NO_PLACE);
    return place;
  }

  return {
    async list(userId: string, tripId: string): Promise<TripPlace[]> {
      const { trip } = await readAccess(db, userId, tripId, 'trip.read');
      return (await findTripPlaces(db, trip.id)).map(tripPlaceView);
    },

    async add(userId: string, tripId: string, body: CreateTripPlaceInput): Promise<TripPlace> {
      // The role first (a read-only role learns nothing of its input), then the input read outside
      // the write (the catalogue's categories are cached), then the write with the trip locked.
      await readAccess(db, userId, tripId, 'places.edit');
      const point = pointOf(body);
      if (!point) throw badRequest("Give the place's point: lat and lng, or a map link.", 'lat');
      const category = await categoryOf(body.category ?? null);
      return ctx.changeTrip(userId, 'places', async (tx) => {
        const { trip } = await writeAccess(tx, userId, tripId, 'places.edit');
        if ((await countTripPlaces(tx, trip.id)) >= TRIP_PLACES_MAX) {
          throw badRequest(`A trip has at most ${TRIP_PLACES_MAX} places of its own.`);
        }
        const place = await insertPlace(tx, {
          ...(body._id ? { id: body._id } : {}),
          ...placeRow({ ...body, ...point, category }),
          tripId: trip.id,
          createdBy: userId,
        });
        if (!place) throw conflict('A place with this id already exists.');
        await recordTripPlace(tx, userId, place, 'added');
        return { tripId: trip.id, value: tripPlaceView(place) };
      });
    },

    async update(
      userId: string,
      tripId: string,
      placeId: string,
      body: UpdateTripPlaceInput,
    ): Promise<TripPlace> {
      await readAccess(db, userId, tripId, 'places.edit');
      const point = pointOf(body);
      const category = body.category !== undefined ? await categoryOf(body.category) : undefined;
      return ctx.changeTrip(userId, 'places', async (tx) => {
        const { trip } = await writeAccess(tx, userId, tripId, 'places.edit');
        const place = await placeOf(tx, trip.id, placeId);
        const record = tripPlaceRecord(place);
        const changes: Partial<TripPlaceValues> = {
          name: body.name,
          category,
          address: body.address,
          lat: point?.lat,
          lng: point?.lng,
          website: body.website,
          phone: body.phone,
          notes: body.notes,
        };
        const applied = withWholePoint(await mergeEdit(tx, record, changes, body.version, userId), point);
        if (Object.keys(applied).length === 0) return { tripId: trip.id, value: tripPlaceView(place) };
        const updated = (await updateTripPlace(tx, place.id, applied)) ?? place;
        await recordEdit(tx, userId, record, applied);
        return { tripId: trip.id, value: tripPlaceView(updated) };
      });
    },

    async remove(userId: string, tripId: string, placeId: string): Promise<void> {
      await ctx.changeTrip(userId, 'places', async (tx) => {
        const { trip } = await writeAccess(tx, userId, tripId, 'places.edit');
        const place = await placeOf(tx, trip.id, placeId);
        await deletePlace(tx, place);
        await recordTripPlace(tx, userId, place, 'removed');
        return { tripId: trip.id, value: undefined };
      });
    },
  };
}

export type TripPlacesService = ReturnType<typeof createTripPlacesService>;
