import tzlookup from '@photostructure/tz-lookup';

/**
 * The IANA time zone at a point, offline (@photostructure/tz-lookup, CC0: the zone boundaries of
 * timezone-boundary-builder packed in a 73 kB table). At sea it answers the nautical zone
 * (Etc/GMT+2 in the middle of the Atlantic). Near a border it may answer the neighbour's zone:
 * the library trades accuracy for size (its README puts the error at a few per cent of inhabited
 * points, mostly zones with the same offsets); an airport's own zone comes from its data instead.
 *
 * Throws a RangeError when the point is not a latitude in [-90, 90] and a longitude in [-180, 180].
 */
export function timeZoneAt(lat: number, lng: number): string {
  if (!(lat >= -90 && lat <= 90 && lng >= -180 && lng <= 180)) {
    throw new RangeError(`Not a point on Earth: latitude ${lat}, longitude ${lng}`);
  }
  return tzlookup(lat, lng);
}
