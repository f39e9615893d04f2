import type { StyleSpecification } from 'maplibre-gl';

/**
 * Keeps what a page added (its sources and layers) when the basemap changes theme: the new
 * basemap's layers first, then every other layer of the old style.
 */
export function keepOverlays(
  previous: StyleSpecification | undefined,
  next: StyleSpecification,
): StyleSpecification {
  if (!previous) return next;
  const basemapLayers = new Set(next.layers.map((layer) => layer.id));
  const sources = { ...previous.sources, ...next.sources };
  const overlays = previous.layers.filter(
    (layer) => !basemapLayers.has(layer.id) && !layer.id.startsWith('basemap-'),
  );
  return { ...next, sources, layers: [...next.layers, ...overlays] };
}
