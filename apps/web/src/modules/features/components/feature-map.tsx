import { msg, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl';
import { Popup } from 'maplibre-gl';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { BaseMap } from '../../../components/map/base-map.tsx';
import { boundsOf, mapTestHooks, prefersReducedMotion } from '../../../components/map/map-preferences.ts';
import {
  DOT_COLOUR,
  legendOf,
  type MapCategory,
  mapSummaryText,
  toPointCollection,
} from './feature-map-data.ts';
import {
  addFeatureLayers,
  CLUSTER_LAYER,
  POINT_LAYERS,
  setFeaturePoints,
  setHighlighted,
  setPicked,
  SOURCE,
} from './feature-map-layers.ts';
import { trackFocusTargets } from './feature-map-focus.ts';
import { useMapHighlight } from './feature-map-highlight.ts';
import { useMapFeatures } from './feature-map-points.ts';
import { i18n } from '../../../lib/i18n/i18n.ts';
import { RetryLink } from '../../../components/ui/retry-link.tsx';

export const MAP_ERROR = msg`Could not load the features for the map`;
const NO_CATEGORIES: readonly MapCategory[] = [];

export interface FeatureMapProps {
  placeId: string | null | undefined;
  /** Used in the map's accessible name. */
  placeTitle: string;
  /** The page's category filter (titles), passed to the search. */
  categories?: readonly string[];
  /** The categories list: colours and legend. */
  categoryList?: readonly MapCategory[];
  /** Where to look when no feature has a position (the place's own coordinates). */
  center?: { lat: number; lng: number } | null;
  /** Picked feature ids (ringed on the map). */
  picked?: readonly string[];
  /** The feature to mark; the card list's hovered or focused card (setMapHighlight) without it. */
  highlightedId?: string | null;
  /** The popup's "Show in the list": answers true when the pin's card was found and shown. */
  onSelect?: (featureId: string) => boolean;
  /** The popup's pick button. */
  onTogglePick?: (featureId: string) => void;
}

const NO_STRINGS: readonly string[] = [];
/** Pins stand on their point: room for a whole pin above the northernmost one. */
const FIT_PADDING = { top: 56, bottom: 28, left: 32, right: 48 };

/** FEATURE-02: every feature of the place on a MapLibre map, clustered, coloured by category. */
export function FeatureMap({
  placeId,
  placeTitle,
  categories = NO_STRINGS,
  categoryList = NO_CATEGORIES,
  center,
  picked = NO_STRINGS,
  highlightedId,
  onSelect,
  onTogglePick,
}: FeatureMapProps) {
  const query = useMapFeatures(placeId, categories);
  const hovered = useMapHighlight();
  const highlight = highlightedId === undefined ? hovered : highlightedId;
  const [map, setMap] = useState<MapLibreMap | null>(null);
  const answered = query.data?.data;
  const points = useMemo(() => toPointCollection(answered ?? [], categoryList), [answered, categoryList]);
  const legend = useMemo(() => legendOf(points, categoryList), [points, categoryList]);
  const bounds = useMemo(
    () => boundsOf(points.features.map((feature) => feature.geometry.coordinates)),
    [points],
  );
  const state = useRef({ points, picked, onSelect, onTogglePick });
  useEffect(() => {
    state.current = { points, picked, onSelect, onTogglePick };
  }, [points, picked, onSelect, onTogglePick]);

  const onReady = useCallback((ready: MapLibreMap) => {
    addFeatureLayers(ready, state.current.points, state.current.picked);
    const popup = new Popup({ closeButton: true, maxWidth: '260px', offset: 18 });
    const expand = (clusterId: number, target: [number, number]) =>
      void ready
        .getSource<GeoJSONSource>(SOURCE)
        ?.getClusterExpansionZoom(clusterId)
        .then((zoom) => ready.easeTo({ center: target, zoom, animate: !prefersReducedMotion() }));
    // A pin opens its popup on the map (the page stays where it is); the popup shows its card.
    const choose = (id: string, title: string, at: [number, number]) => {
      popup
        .setLngLat(at)
        .setDOMContent(popupContent(title, id, state.current, () => popup.remove()))
        .addTo(ready);
    };
    ready.on('click', CLUSTER_LAYER, (event) => {
      const cluster = event.features?.[0];
      const clusterId = cluster?.properties.cluster_id as number | undefined;
      if (!cluster || clusterId === undefined || cluster.geometry.type !== 'Point') return;
      expand(clusterId, cluster.geometry.coordinates as [number, number]);
    });
    for (const layer of [...POINT_LAYERS, CLUSTER_LAYER]) {
      ready.on('mouseenter', layer, () => (ready.getCanvas().style.cursor = 'pointer'));
      ready.on('mouseleave', layer, () => (ready.getCanvas().style.cursor = ''));
    }
    for (const layer of POINT_LAYERS) {
      ready.on('click', layer, (event) => {
        const feature = event.features?.[0];
        if (!feature || feature.geometry.type !== 'Point') return;
        const at = feature.geometry.coordinates as [number, number];
        choose(String(feature.properties.id), String(feature.properties.title), at);
      });
    }
    // The pins are WebGL: named buttons over them at rest, for the keyboard and screen readers.
    trackFocusTargets(ready, {
      onFeature: (id, at, title) => choose(id, title, at),
      onCluster: expand,
    });
    if (mapTestHooks()) exposePinsForTests(ready);
    setMap(ready);
  }, []);

  useEffect(() => {
    if (map) setFeaturePoints(map, points);
  }, [map, points]);
  useEffect(() => {
    if (map) setPicked(map, picked);
  }, [map, picked]);
  useEffect(() => {
    if (map) setHighlighted(map, highlight);
  }, [map, highlight]);

  const count = points.features.length;
  const label = placeTitle ? t`Map of ${placeTitle}` : t`Map of this place`;
  return (
    <section aria-label={t`Feature map`} className="flex flex-col gap-3" data-testid="feature-map">
      <BaseMap
        label={label}
        className="h-[55vh] max-h-[calc(100dvh-7rem)] min-h-72 md:h-[460px]"
        onReady={onReady}
        bounds={bounds}
        center={center ? [center.lng, center.lat] : null}
        zoom={11}
        fitPadding={FIT_PADDING}
      />
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-slate-600 dark:text-slate-300">
        <span data-testid="map-summary" aria-live="polite">
          {query.isPending && placeId
            ? t`Loading the features…`
            : query.isError
              ? i18n._(MAP_ERROR)
              : mapSummaryText(count, answered?.length ?? 0, query.data?.total ?? 0)}
        </span>
        <span className="sr-only">
          <Trans>
            The list of features below holds the same places as the map, for keyboard and screen reader use.
          </Trans>
        </span>
        {query.isError && <RetryLink onRetry={() => void query.refetch()} />}
      </div>
      {count > 0 && (
        <ul
          aria-label={t`Map legend`}
          data-testid="map-legend"
          className="flex flex-wrap gap-x-4 gap-y-1 text-sm"
        >
          {legend.map((entry) => (
            <li key={entry.title} className="flex items-center gap-1.5">
              <svg aria-hidden="true" viewBox="0 0 28 38" className="h-4 w-3">
                <path
                  d="M14 36 C14 36 3 22.5 3 14 A11 11 0 0 1 25 14 C25 22.5 14 36 14 36 Z"
                  fill={entry.colour}
                />
              </svg>
              {entry.title}
            </li>
          ))}
          {points.features.some((feature) => feature.properties.marker === 'dot') && (
            <li className="flex items-center gap-1.5">
              <span
                aria-hidden="true"
                className="inline-block size-3 rounded-full"
                style={{ background: DOT_COLOUR }}
              />
              <Trans>Restaurants, shops, hotels and events</Trans>
            </li>
          )}
        </ul>
      )}
    </section>
  );
}

const POPUP_BUTTON_CLASS =
  'inline-flex min-h-10 items-center self-start rounded-full px-4 text-xs font-semibold focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

/** A pin's popup: its name, a button to its card in the list, and a pick button. */
function popupContent(
  title: string,
  id: string,
  current: {
    picked: readonly string[];
    onSelect?: ((id: string) => boolean) | undefined;
    onTogglePick?: ((id: string) => void) | undefined;
  },
  close: () => void,
): HTMLElement {
  const root = document.createElement('div');
  root.className = 'flex flex-col gap-2 pr-4 text-sm text-slate-900';
  const name = document.createElement('p');
  name.className = 'font-semibold';
  name.textContent = title;
  root.append(name);
  if (current.onSelect) {
    const show = document.createElement('button');
    show.type = 'button';
    show.className = `${POPUP_BUTTON_CLASS} bg-slate-100 text-slate-900 ring-1 ring-slate-300 hover:bg-slate-200`;
    show.textContent = t`Show in the list`;
    show.addEventListener('click', () => {
      if (current.onSelect?.(id)) return close();
      // Its card is not loaded yet (the list loads as it scrolls).
      const note = document.createElement('p');
      note.className = 'text-xs text-slate-700';
      note.textContent = t`Its card is further down the list.`;
      show.replaceWith(note);
    });
    root.append(show);
  }
  if (current.onTogglePick) {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = `${POPUP_BUTTON_CLASS} bg-brand-700 text-white hover:bg-brand-800`;
    const picked = current.picked.includes(id);
    button.textContent = picked ? t`Unpick ${title}` : t`Pick ${title}`;
    button.setAttribute('aria-pressed', String(picked));
    button.addEventListener('click', () => {
      current.onTogglePick?.(id);
      const now = button.getAttribute('aria-pressed') !== 'true';
      button.setAttribute('aria-pressed', String(now));
      button.textContent = now ? t`Unpick ${title}` : t`Pick ${title}`;
    });
    root.append(button);
  }
  return root;
}

/** Browser tests only (mapTestHooks): where each pin is drawn, as data-pins on the map. */
function exposePinsForTests(map: MapLibreMap): void {
  map.on('idle', () => {
    const pins = map
      .queryRenderedFeatures({ layers: POINT_LAYERS })
      .filter((feature) => feature.geometry.type === 'Point')
      .map((feature) => {
        const point = map.project(
          (feature.geometry as { type: 'Point'; coordinates: [number, number] }).coordinates,
        );
        return {
          id: String(feature.properties.id),
          marker: String(feature.properties.marker),
          x: Math.round(point.x),
          y: Math.round(point.y),
        };
      });
    map.getContainer().setAttribute('data-pins', JSON.stringify(pins));
  });
}
