import type { Place } from '@tripcrew/contracts/places';

/** Where a map of a place opens: its centre [lng, lat] and a zoom that shows the whole of it. */
export interface PlaceMapView {
  center: [number, number];
  zoom: number;
}

// A city's streets, a region's towns, a country's regions.
const ZOOM_BY_TYPE: Record<Place['type'], number> = { City: 11, Region: 7, Country: 5 };

/** The view of a place on a map, or null for a place without coordinates (or none). */
export function placeMapView(place: Place | null | undefined): PlaceMapView | null {
  if (!place?.coordinates) return null;
  return { center: [place.coordinates.lng, place.coordinates.lat], zoom: ZOOM_BY_TYPE[place.type] };
}
