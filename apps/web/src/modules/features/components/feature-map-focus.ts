import type { MapGeoJSONFeature, Map as MapLibreMap } from 'maplibre-gl';
import { Marker } from 'maplibre-gl';
import { CLUSTER_LAYER, POINT_LAYERS } from './feature-map-layers.ts';

/** At most this many focusable buttons at once (the ones nearest the top left come first). */
export const MAX_FOCUS_TARGETS = 60;

/** A pin, a dot or a cluster on screen, as a focusable button over it. */
export interface FocusTarget {
  key: string;
  label: string;
  kind: 'pin' | 'dot' | 'cluster';
  coordinates: [number, number];
  /** Where it is drawn, in CSS pixels of the map: orders the buttons in reading order. */
  x: number;
  y: number;
  /** A cluster's id (for its expansion zoom). */
  clusterId?: number;
  /** A feature's id and name. */
  featureId?: string;
  title?: string;
}

/** What the drawn features give: a feature's or a cluster's properties, its point and where it is. */
export interface RenderedPoint {
  properties: Record<string, unknown>;
  coordinates: [number, number];
  x: number;
  y: number;
}

const clusterLabel = (count: number) => `${count} features here, zoom in`;

/**
 * The focus targets for the points drawn on screen: one per feature or cluster, named, in reading
 * order (rows of 24 px from the top, then left to right), at most `max`.
 */
export function focusTargetsOf(points: readonly RenderedPoint[], max = MAX_FOCUS_TARGETS): FocusTarget[] {
  const seen = new Set<string>();
  const targets: FocusTarget[] = [];
  for (const point of points) {
    const { properties } = point;
    const clusterId = properties.cluster_id;
    if (typeof clusterId === 'number') {
      const key = `cluster:${clusterId}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const count = typeof properties.point_count === 'number' ? properties.point_count : 0;
      targets.push({ key, label: clusterLabel(count), kind: 'cluster', clusterId, ...at(point) });
      continue;
    }
    const id = typeof properties.id === 'string' ? properties.id : null;
    if (!id || seen.has(`feature:${id}`)) continue;
    seen.add(`feature:${id}`);
    const title = typeof properties.title === 'string' ? properties.title : 'Feature';
    const category = typeof properties.category === 'string' ? properties.category : '';
    targets.push({
      key: `feature:${id}`,
      label: category && properties.marker === 'pin' ? `${title}, ${category}` : title,
      kind: properties.marker === 'pin' ? 'pin' : 'dot',
      featureId: id,
      title,
      ...at(point),
    });
  }
  targets.sort((a, b) => Math.floor(a.y / 24) - Math.floor(b.y / 24) || a.x - b.x);
  return targets.slice(0, max);
}

const at = (point: RenderedPoint) => ({ coordinates: point.coordinates, x: point.x, y: point.y });

/** The button's box: a pin's whole drop (it stands on its point), a dot's 24 px, a cluster's circle. */
const BUTTON_CLASS: Record<FocusTarget['kind'], string> = {
  pin: 'h-[38px] w-7 rounded-t-full',
  dot: 'size-6 rounded-full',
  cluster: 'size-12 rounded-full',
};

function buttonOf(target: FocusTarget, onActivate: (target: FocusTarget) => void): HTMLButtonElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.dataset.mapTarget = target.key;
  button.setAttribute('aria-label', target.label);
  button.className = `block cursor-pointer bg-transparent p-0 focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-brand-500 ${BUTTON_CLASS[target.kind]}`;
  button.addEventListener('click', (event) => {
    event.stopPropagation();
    onActivate(target);
  });
  return button;
}

export interface FocusHandlers {
  /** A feature's button was pressed. */
  onFeature: (featureId: string, coordinates: [number, number], title: string) => void;
  /** A cluster's button was pressed. */
  onCluster: (clusterId: number, coordinates: [number, number]) => void;
}

/**
 * Keyboard and screen reader access to the drawn pins (the pins themselves are WebGL): while the
 * map is at rest, a named button sits over each pin, dot and cluster on screen, in reading order.
 * They go when the map moves (none is repositioned frame by frame), except the focused one, and
 * come back where the map comes to rest.
 */
export function trackFocusTargets(map: MapLibreMap, handlers: FocusHandlers): void {
  let markers = new Map<string, Marker>();
  const activate = (target: FocusTarget) => {
    if (target.kind === 'cluster' && target.clusterId !== undefined)
      handlers.onCluster(target.clusterId, target.coordinates);
    else if (target.featureId)
      handlers.onFeature(target.featureId, target.coordinates, target.title ?? target.label);
  };
  const focusedKey = () =>
    (document.activeElement as HTMLElement | null)?.closest<HTMLElement>('[data-map-target]')?.dataset
      .mapTarget;
  const update = () => {
    if (map.isMoving()) return;
    const layers = [...POINT_LAYERS, CLUSTER_LAYER].filter((layer) => map.getLayer(layer));
    const drawn = map.queryRenderedFeatures({ layers }).flatMap((feature) => renderedPoint(map, feature));
    const targets = focusTargetsOf(drawn);
    const next = new Map<string, Marker>();
    const container = map.getCanvasContainer();
    for (const target of targets) {
      const marker =
        markers.get(target.key) ??
        new Marker({
          element: buttonOf(target, activate),
          anchor: target.kind === 'pin' ? 'bottom' : 'center',
        })
          .setLngLat(target.coordinates)
          .addTo(map);
      next.set(target.key, marker);
      // Reading order is DOM order: each one moves to the end, in turn.
      container.append(marker.getElement());
    }
    for (const [key, marker] of markers) if (!next.has(key)) marker.remove();
    markers = next;
  };
  const clear = () => {
    const keep = focusedKey();
    for (const [key, marker] of markers) {
      if (key === keep) continue;
      marker.remove();
      markers.delete(key);
    }
  };
  map.on('movestart', clear);
  map.on('idle', update);
}

function renderedPoint(map: MapLibreMap, feature: MapGeoJSONFeature): RenderedPoint[] {
  if (feature.geometry.type !== 'Point') return [];
  const coordinates = feature.geometry.coordinates as [number, number];
  const { x, y } = map.project(coordinates);
  const { width, height } = map.getCanvas().getBoundingClientRect();
  if (x < 0 || y < 0 || x > width || y > height) return [];
  return [{ properties: feature.properties as Record<string, unknown>, coordinates, x, y }];
}
