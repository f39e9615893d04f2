import type { LinkReading } from '@tripcrew/contracts/place-links';
import {
  createTripPlaceBodySchema,
  type TripPlace,
  updateTripPlaceBodySchema,
} from '@tripcrew/contracts/trip-places';
import type { NewTripPlace, UpdateTripPlaceBody } from '../../api/trip-places.ts';

/** The fields of the place form, each with its own error line. */
export type PlaceField = 'link' | 'name' | 'category' | 'address' | 'website' | 'phone' | 'notes';
export type PlaceFieldErrors = Partial<Record<PlaceField, string>>;

export interface PlacePoint {
  lat: number;
  lng: number;
}

/** The form's values as typed ('' for none); the point is null until one is read (a new place). */
export interface PlaceValues {
  name: string;
  category: string;
  address: string;
  website: string;
  phone: string;
  notes: string;
  point: PlacePoint | null;
}

export const TEXT_FIELDS = ['name', 'category', 'address', 'website', 'phone', 'notes'] as const;
export type PlaceTextField = (typeof TEXT_FIELDS)[number];
/** A field a change can touch: a text field, or the point (lat and lng together). */
export type PlaceChange = PlaceTextField | 'point';

export const EMPTY_PLACE: PlaceValues = {
  name: '',
  category: '',
  address: '',
  website: '',
  phone: '',
  notes: '',
  point: null,
};

export function valuesOf(place: TripPlace): PlaceValues {
  return {
    name: place.name,
    category: place.category ?? '',
    address: place.address,
    website: place.website ?? '',
    phone: place.phone ?? '',
    notes: place.notes,
    point: { lat: place.coordinates.lat, lng: place.coordinates.lng },
  };
}

/** The place as a 409 VERSION_CONFLICT says it is now (its `current` values). */
export function valuesOfCurrent(current: Record<string, unknown>, fallback: PlaceValues): PlaceValues {
  const text = (field: PlaceTextField) => {
    const value = current[field];
    return typeof value === 'string' ? value : value === null ? '' : fallback[field];
  };
  const { lat, lng } = current;
  return {
    name: text('name'),
    category: text('category'),
    address: text('address'),
    website: text('website'),
    phone: text('phone'),
    notes: text('notes'),
    point: typeof lat === 'number' && typeof lng === 'number' ? { lat, lng } : fallback.point,
  };
}

/** The values with the point a link holds, when it holds one. */
export function withReading(values: PlaceValues, reading: LinkReading): PlaceValues {
  return reading.ok ? { ...values, point: { lat: reading.point.lat, lng: reading.point.lng } } : values;
}

const samePoint = (a: PlacePoint | null, b: PlacePoint | null) =>
  a === b || (a !== null && b !== null && a.lat === b.lat && a.lng === b.lng);

/** The fields whose value differs from `base` (text compared trimmed, as the server keeps it). */
export function changedFields(values: PlaceValues, base: PlaceValues): PlaceChange[] {
  const changed: PlaceChange[] = TEXT_FIELDS.filter((field) => values[field].trim() !== base[field].trim());
  if (!samePoint(values.point, base.point)) changed.push('point');
  return changed;
}

/** `values` with `fields` as they are in `from`. */
export function withFieldsOf(values: PlaceValues, from: PlaceValues, fields: readonly PlaceChange[]) {
  const next = { ...values };
  for (const field of fields) {
    if (field === 'point') next.point = from.point;
    else next[field] = from[field];
  }
  return next;
}

const orNull = (text: string): string | null => (text.trim() === '' ? null : text);

function fieldBody(values: PlaceValues, fields: readonly PlaceChange[]): Partial<UpdateTripPlaceBody> {
  const body: Partial<UpdateTripPlaceBody> = {};
  for (const field of fields) {
    if (field === 'point') {
      if (values.point) Object.assign(body, values.point);
    } else if (field === 'category' || field === 'website' || field === 'phone') {
      body[field] = orNull(values[field]);
    } else {
      body[field] = values[field];
    }
  }
  return body;
}

/** POST …/places: every field, the point as the coordinates read in the browser. */
export function createBody(id: string, values: PlaceValues): NewTripPlace {
  const point = values.point ?? { lat: Number.NaN, lng: Number.NaN };
  return {
    _id: id,
    name: values.name,
    category: orNull(values.category),
    address: values.address,
    lat: point.lat,
    lng: point.lng,
    website: orNull(values.website),
    phone: orNull(values.phone),
    notes: values.notes,
  };
}

/** PATCH …/places/{id}: the fields changed since `base` and the version the edit starts from; null when none. */
export function updateBody(
  values: PlaceValues,
  base: PlaceValues,
  version: number,
): UpdateTripPlaceBody | null {
  const changed = changedFields(values, base);
  return changed.length === 0 ? null : { ...fieldBody(values, changed), version };
}

/** The form field a problem of the body (or the server's `field`) belongs to; null for the form. */
export function fieldOf(path: PropertyKey | undefined): PlaceField | null {
  if (path === 'lat' || path === 'lng' || path === 'link') return 'link';
  if (typeof path === 'string' && (TEXT_FIELDS as readonly string[]).includes(path))
    return path as PlaceField;
  return null;
}

/** The contract's problems with a body, per field (the first of each); `form` for the rest. */
export function bodyProblems(body: NewTripPlace | UpdateTripPlaceBody, isNew: boolean) {
  const parsed = (isNew ? createTripPlaceBodySchema : updateTripPlaceBodySchema).safeParse(body);
  const fields: PlaceFieldErrors = {};
  let form: string | null = null;
  if (parsed.success) return { fields, form };
  for (const issue of parsed.error.issues) {
    const field = fieldOf(issue.path[0]);
    if (field && !fields[field]) fields[field] = issue.message;
    else if (!field && form === null) form = issue.message;
  }
  return { fields, form };
}

/** "38.71390, -9.13340" */
export const pointText = (point: PlacePoint): string => `${point.lat.toFixed(5)}, ${point.lng.toFixed(5)}`;

/** The place on OpenStreetMap, its pin in the middle. */
export const openStreetMapUrl = ({ lat, lng }: PlacePoint): string =>
  `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=17/${lat}/${lng}`;
