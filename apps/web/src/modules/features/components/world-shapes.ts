/**
 * Bundled country outlines (Natural Earth 1:110m via world-atlas) as SVG path data in the world
 * units of map-projection.ts. Imported only by the lazily loaded feature map, so the JSON lands in
 * the map's chunk and the map works offline (no tiles, fonts or glyphs from the network).
 */
import type { GeoJsonProperties, Geometry } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import countriesTopology from 'world-atlas/countries-110m.json';
import { ringsToPath } from './map-projection.ts';

export interface CountryShape {
  id: string;
  name: string;
  path: string;
}

type Ring = readonly (readonly number[])[];

function polygonsOf(geometry: Geometry | null): Ring[] {
  if (!geometry) return [];
  if (geometry.type === 'Polygon') return geometry.coordinates;
  if (geometry.type === 'MultiPolygon') return geometry.coordinates.flat();
  if (geometry.type === 'GeometryCollection') return geometry.geometries.flatMap(polygonsOf);
  return [];
}

let shapes: CountryShape[] | null = null;

/** The countries' outlines, converted once and kept. */
export function countryShapes(): CountryShape[] {
  if (shapes) return shapes;
  const topology = countriesTopology as unknown as Topology<{
    countries: GeometryCollection<{ name?: string }>;
  }>;
  const collection = feature<GeoJsonProperties>(topology, topology.objects.countries);
  shapes = collection.features.map((country, index) => ({
    id: String(country.id ?? index),
    name: typeof country.properties?.name === 'string' ? country.properties.name : '',
    path: ringsToPath(polygonsOf(country.geometry)),
  }));
  return shapes;
}
