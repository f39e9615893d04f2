import type { ExpressionSpecification, GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl';
import type { PointCollection } from './feature-map-data.ts';

export const SOURCE = 'place-features';
export const CLUSTER_LAYER = 'place-feature-clusters';
export const CLUSTER_COUNT_LAYER = 'place-feature-cluster-counts';
export const PIN_LAYER = 'place-feature-pins';
export const DOT_LAYER = 'place-feature-dots';
export const HIGHLIGHT_LAYER = 'place-feature-highlight';
/** The layers a click or a hover picks a feature from. */
export const POINT_LAYERS = [PIN_LAYER, DOT_LAYER];

const PIN_PREFIX = 'place-pin-';
const PICKED_PREFIX = 'place-pin-picked-';
const COUNT_PREFIX = 'place-count-';
/** The brand accent of a picked card's ring (ring-brand-500). */
const PICKED_RING = '#e8590c';

const unclustered: ExpressionSpecification = ['!', ['has', 'point_count']];

/** The picked features' ids as an expression (`['literal', ids]` keeps the array an array). */
const isPicked = (picked: readonly string[]): ExpressionSpecification => [
  'in',
  ['get', 'id'],
  ['literal', [...picked]],
];

/** A picture of `width` × `height` CSS pixels drawn by `paint` at twice the size (for pixelRatio 2). */
function drawImage(
  width: number,
  height: number,
  paint: (context: CanvasRenderingContext2D) => void,
): ImageData | undefined {
  const scale = 2;
  const canvas = document.createElement('canvas');
  canvas.width = width * scale;
  canvas.height = height * scale;
  const context = canvas.getContext('2d');
  if (!context) return undefined;
  context.scale(scale, scale);
  paint(context);
  return context.getImageData(0, 0, canvas.width, canvas.height);
}

/** A pin of `colour` (white outline; a thick ring when picked). */
const drawPin = (colour: string, picked: boolean) =>
  drawImage(28, 38, (context) => {
    const path = new Path2D('M14 36 C14 36 3 22.5 3 14 A11 11 0 0 1 25 14 C25 22.5 14 36 14 36 Z');
    context.fillStyle = colour;
    context.fill(path);
    context.lineWidth = picked ? 3.5 : 2;
    context.strokeStyle = picked ? PICKED_RING : '#ffffff';
    context.stroke(path);
    context.beginPath();
    context.arc(14, 14, 4.2, 0, Math.PI * 2);
    context.fillStyle = '#ffffff';
    context.fill();
  });

/**
 * A cluster's count in white: a picture, so it needs no fonts from whichever basemap is shown, and
 * it moves with the map in WebGL (no page element per cluster).
 */
const drawCount = (text: string) => {
  const width = Math.max(2, text.length) * 8;
  return drawImage(width, 16, (context) => {
    context.font = 'bold 12px system-ui, sans-serif';
    context.fillStyle = '#ffffff';
    context.textAlign = 'center';
    context.textBaseline = 'middle';
    context.fillText(text, width / 2, 8.5);
  });
};

/**
 * Pins and counts are drawn on demand, one image per colour or count (kept through theme changes).
 * A resolver, not the styleimagemissing event: MapLibre waits for it before laying out the
 * symbols, so the first layout has every count (the event comes after it, with a warning).
 */
function provideImages(map: MapLibreMap): void {
  map.setMissingStyleImageResolver((id) => {
    if (map.hasImage(id)) return;
    if (id.startsWith(COUNT_PREFIX)) {
      const image = drawCount(id.slice(COUNT_PREFIX.length));
      if (image) map.addImage(id, image, { pixelRatio: 2 });
      return;
    }
    const picked = id.startsWith(PICKED_PREFIX);
    if (!picked && !id.startsWith(PIN_PREFIX)) return;
    const image = drawPin(id.slice(picked ? PICKED_PREFIX.length : PIN_PREFIX.length), picked);
    if (image) map.addImage(id, image, { pixelRatio: 2 });
  });
}

/** The place's features on the map: clusters where dense, pins for sights, dots for the rest. */
export function addFeatureLayers(map: MapLibreMap, points: PointCollection, picked: readonly string[]): void {
  provideImages(map);
  map.addSource(SOURCE, {
    type: 'geojson',
    data: points,
    cluster: true,
    clusterRadius: 44,
    clusterMaxZoom: 15,
  });
  map.addLayer({
    id: CLUSTER_LAYER,
    type: 'circle',
    source: SOURCE,
    filter: ['has', 'point_count'],
    paint: {
      'circle-color': '#0f172a',
      'circle-opacity': 0.82,
      'circle-radius': ['step', ['get', 'point_count'], 15, 10, 19, 50, 24, 200, 30],
      'circle-stroke-color': '#ffffff',
      'circle-stroke-width': 2,
    },
  });
  map.addLayer({
    id: CLUSTER_COUNT_LAYER,
    type: 'symbol',
    source: SOURCE,
    filter: ['has', 'point_count'],
    layout: {
      'icon-image': ['concat', COUNT_PREFIX, ['to-string', ['get', 'point_count_abbreviated']]],
      'icon-allow-overlap': true,
      'icon-ignore-placement': true,
    },
  });
  map.addLayer({
    id: HIGHLIGHT_LAYER,
    type: 'circle',
    source: SOURCE,
    filter: ['all', unclustered, ['==', ['get', 'id'], '']],
    paint: {
      'circle-radius': 22,
      'circle-color': PICKED_RING,
      'circle-opacity': 0.25,
      'circle-stroke-color': PICKED_RING,
      'circle-stroke-width': 3,
    },
  });
  map.addLayer({
    id: DOT_LAYER,
    type: 'circle',
    source: SOURCE,
    filter: ['all', unclustered, ['==', ['get', 'marker'], 'dot']],
    paint: {
      'circle-radius': 6,
      'circle-color': ['get', 'colour'],
      'circle-stroke-color': ['case', isPicked(picked), PICKED_RING, '#ffffff'],
      'circle-stroke-width': ['case', isPicked(picked), 3, 1.5],
    },
  });
  map.addLayer({
    id: PIN_LAYER,
    type: 'symbol',
    source: SOURCE,
    filter: ['all', unclustered, ['==', ['get', 'marker'], 'pin']],
    layout: {
      'icon-image': pinImage(picked),
      'icon-anchor': 'bottom',
      'icon-allow-overlap': true,
      'icon-ignore-placement': true,
    },
  });
}

const pinImage = (picked: readonly string[]): ExpressionSpecification => [
  'case',
  isPicked(picked),
  ['concat', PICKED_PREFIX, ['get', 'colour']],
  ['concat', PIN_PREFIX, ['get', 'colour']],
];

/** New points (another filter, more pages). */
export function setFeaturePoints(map: MapLibreMap, points: PointCollection): void {
  map.getSource<GeoJSONSource>(SOURCE)?.setData(points);
}

/** Picked features get a ring (pins and dots). */
export function setPicked(map: MapLibreMap, picked: readonly string[]): void {
  if (!map.getLayer(PIN_LAYER) || !map.getLayer(DOT_LAYER)) return;
  map.setLayoutProperty(PIN_LAYER, 'icon-image', pinImage(picked));
  map.setPaintProperty(DOT_LAYER, 'circle-stroke-color', ['case', isPicked(picked), PICKED_RING, '#ffffff']);
  map.setPaintProperty(DOT_LAYER, 'circle-stroke-width', ['case', isPicked(picked), 3, 1.5]);
}

/** The feature whose card is hovered or focused gets a halo (none for null). */
export function setHighlighted(map: MapLibreMap, id: string | null): void {
  if (!map.getLayer(HIGHLIGHT_LAYER)) return;
  map.setFilter(HIGHLIGHT_LAYER, ['all', unclustered, ['==', ['get', 'id'], id ?? '']]);
}
