import { z } from 'zod';
import { baseVersionSchema, idSchema, lineText, multiLineText } from './common.ts';
import { PLACE_LINK_MAX_LENGTH } from './place-links.ts';

/**
 * A trip's places of its own (a sub-resource of trips): what the catalogue does not hold — the
 * group's flat, a friend's restaurant, a town outside the catalogue. Each has a point, given as
 * coordinates or as a map link the API reads (place-links.ts: Google Maps, OpenStreetMap, Apple
 * Maps, a geo: URI or "38.7139, -9.1334"), and optionally a catalogue category.
 */
export const TRIP_PLACE_NAME_MAX = 120;
export const TRIP_PLACE_ADDRESS_MAX = 300;
export const TRIP_PLACE_WEBSITE_MAX = 500;
export const TRIP_PLACE_PHONE_MAX = 40;
export const TRIP_PLACE_NOTES_MAX = 2000;
/** The most places of its own a trip holds. */
export const TRIP_PLACES_MAX = 500;

const LATITUDE = 'Latitude must be between -90 and 90';
const LONGITUDE = 'Longitude must be between -180 and 180';
const BOTH_COORDINATES = 'Give both the latitude (lat) and the longitude (lng) of the place';
const ONE_POINT = "Give the place's point one way: lat and lng, or a map link, not both";
const NO_POINT =
  "Give the place's point: lat and lng, or a map link (Google Maps, OpenStreetMap, Apple Maps)";

/** True for an absolute http(s) address with a host. */
export function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

export const tripPlaceSchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** A catalogue category or subcategory title ("museum", "restaurants"), or null. */
  category: z.string().nullable(),
  address: z.string(),
  coordinates: z.object({ lat: z.number(), lng: z.number() }),
  website: z.string().nullable(),
  phone: z.string().nullable(),
  notes: z.string(),
  createdBy: z.string().nullable().describe('user id of who added it'),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Raised by one on each change (decision 035). */
  version: z.number().int(),
});
export type TripPlace = z.infer<typeof tripPlaceSchema>;
export const tripPlaceListSchema = z.array(tripPlaceSchema);

const name = lineText()
  .min(1, 'Name the place')
  .max(TRIP_PLACE_NAME_MAX, `A place's name has at most ${TRIP_PLACE_NAME_MAX} characters`);
const category = lineText().min(1, 'Name the category, or send null for none').max(80).nullable();
const address = lineText().max(
  TRIP_PLACE_ADDRESS_MAX,
  `An address has at most ${TRIP_PLACE_ADDRESS_MAX} characters`,
);
const lat = z.number({ error: 'The latitude is a number' }).min(-90, LATITUDE).max(90, LATITUDE);
const lng = z.number({ error: 'The longitude is a number' }).min(-180, LONGITUDE).max(180, LONGITUDE);
const link = lineText()
  .min(1, 'Paste a map link or the coordinates')
  .max(PLACE_LINK_MAX_LENGTH, `A link has at most ${PLACE_LINK_MAX_LENGTH} characters`);
/** An http(s) address, or null for none ('' counts as none). */
const website = lineText()
  .max(TRIP_PLACE_WEBSITE_MAX, `A website address has at most ${TRIP_PLACE_WEBSITE_MAX} characters`)
  .refine(
    (value) => value === '' || isWebAddress(value),
    'A website is an http(s) address, like https://example.com',
  )
  .transform((value) => (value === '' ? null : value))
  .nullable();
/** A phone number: digits, spaces and + ( ) - . only; null for none ('' counts as none). */
const phone = lineText()
  .max(TRIP_PLACE_PHONE_MAX, `A phone number has at most ${TRIP_PLACE_PHONE_MAX} characters`)
  .regex(/^[0-9 +().-]*$/, 'A phone number holds only digits, spaces and + ( ) - .')
  .transform((value) => (value === '' ? null : value))
  .nullable();
const notes = multiLineText().max(
  TRIP_PLACE_NOTES_MAX,
  `Notes have at most ${TRIP_PLACE_NOTES_MAX} characters`,
);

interface PointFields {
  lat?: number | undefined;
  lng?: number | undefined;
  link?: string | undefined;
}

/** The point's problem, if any (one of lat and lng alone, or both ways at once), and its field. */
function pointProblem(body: PointFields): { message: string; path: string[] } | null {
  const coordinates = body.lat !== undefined || body.lng !== undefined;
  if (coordinates && body.link !== undefined) return { message: ONE_POINT, path: ['link'] };
  if (coordinates && body.lat === undefined) return { message: BOTH_COORDINATES, path: ['lat'] };
  if (coordinates && body.lng === undefined) return { message: BOTH_COORDINATES, path: ['lng'] };
  return null;
}

/** A place's fields, each optional (a create needs its name and a point). */
const PLACE_FIELDS = {
  name: name.optional(),
  category: category.optional(),
  address: address.optional(),
  lat: lat.optional(),
  lng: lng.optional(),
  /** Instead of lat and lng: a map link or "lat, lng" text, read by the API. */
  link: link.optional(),
  website: website.optional(),
  phone: phone.optional(),
  notes: notes.optional(),
};

/** POST /core/trips/{id}/places: a name and a point (lat and lng, or a link); the rest optional. */
export const createTripPlaceBodySchema = z
  .strictObject({
    /** Optional id chosen by the client (a UUID), so a place added offline can be changed offline too. */
    _id: z.uuid('A place id must be a UUID').optional(),
    ...PLACE_FIELDS,
    name,
  })
  .superRefine((body, ctx) => {
    const problem =
      pointProblem(body) ??
      (body.link === undefined && body.lat === undefined && body.lng === undefined
        ? { message: NO_POINT, path: [] }
        : null);
    if (problem) ctx.addIssue({ code: 'custom', ...problem });
  });
export type CreateTripPlaceBody = z.input<typeof createTripPlaceBodySchema>;

const UPDATABLE = ['name', 'category', 'address', 'lat', 'lng', 'link', 'website', 'phone', 'notes'] as const;

/** PATCH /core/trips/{id}/places/{placeId}: any of these (a new point: lat and lng, or a link). */
export const updateTripPlaceBodySchema = z
  .strictObject({
    ...PLACE_FIELDS,
    /** The version of the place the edit started from (decision 035): 409 if the same field changed since. */
    version: baseVersionSchema,
  })
  .superRefine((body, ctx) => {
    if (UPDATABLE.every((field) => body[field] === undefined)) {
      ctx.addIssue({ code: 'custom', message: 'Nothing to update', path: [] });
      return;
    }
    const problem = pointProblem(body);
    if (problem) ctx.addIssue({ code: 'custom', ...problem });
  });
export type UpdateTripPlaceBody = z.input<typeof updateTripPlaceBodySchema>;

export const tripPlaceParamsSchema = z.strictObject({ id: idSchema, placeId: idSchema });
