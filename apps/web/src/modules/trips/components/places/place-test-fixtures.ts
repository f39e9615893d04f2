import type { TripPlace } from '@tripcrew/contracts/trip-places';
import { type ListReply, mockListEndpoint } from '../../../../lib/testing/list-endpoint.ts';

/** Test data of a trip's places of its own: a place and a fake places endpoint. */

export const ID_1 = '11111111-1111-4111-8111-111111111111';
export const LIST = '/core/trips/t-1/places';

/** "Our flat" in Lisbon, added by Ada (u-1). */
export const place = (overrides: Partial<TripPlace> = {}): TripPlace => ({
  _id: ID_1,
  name: 'Our flat',
  category: null,
  address: 'Rua das Flores 12, Lisboa',
  coordinates: { lat: 38.7101, lng: -9.1432 },
  website: 'https://www.flat.example/stay',
  phone: '+351 21 000 0000',
  notes: 'Key box code 4711',
  createdBy: 'u-1',
  createdAt: '2031-01-01T00:00:00.000Z',
  updatedAt: '2031-01-01T00:00:00.000Z',
  version: 1,
  ...overrides,
});

export type Reply = ListReply<TripPlace>;

/** A fake places endpoint keeping its list; `reply` may answer first (errors). */
export function mockPlaces(initial: TripPlace[], reply?: Reply) {
  return mockListEndpoint({
    path: LIST,
    initial,
    reply,
    add: (body) =>
      place({
        _id: body._id as string,
        name: body.name as string,
        category: (body.category as string | null) ?? null,
        address: (body.address as string) ?? '',
        coordinates: { lat: body.lat as number, lng: body.lng as number },
        website: (body.website as string | null) ?? null,
        phone: (body.phone as string | null) ?? null,
        notes: (body.notes as string) ?? '',
      }),
    patch: (entry, { version: _version, lat, lng, ...fields }) => ({
      ...entry,
      ...fields,
      ...(typeof lat === 'number' ? { coordinates: { lat, lng: lng as number } } : {}),
      version: entry.version + 1,
    }),
    deleted: { ok: true },
  });
}
