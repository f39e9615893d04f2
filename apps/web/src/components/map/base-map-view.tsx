import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import 'maplibre-gl/dist/maplibre-gl.css';
import clsx from 'clsx';
import {
  addProtocol,
  AttributionControl,
  Map as MapLibreMap,
  NavigationControl,
  setWorkerUrl,
} from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { Protocol } from 'pmtiles';
import { useEffect, useId, useRef, useState } from 'react';
import type { BaseMapProps } from './base-map.tsx';
import {
  mapStyleUrl,
  mapTestHooks,
  markStreetMapUnreachable,
  type MapTheme,
  tryStreetMap,
  usePrefersDarkMap,
  usePrefersReducedMotion,
} from './map-preferences.ts';
import { MapStatus } from './map-status.tsx';
import { keepOverlays } from './keep-overlays.ts';
import { i18n } from '../../lib/i18n/i18n.ts';

// Once per page: the worker is a same-origin module file of the build (CSP worker-src 'self', no
// blob:), and pmtiles:// reads a MAP_PMTILES archive with range requests.
setWorkerUrl(workerUrl);
addProtocol('pmtiles', new Protocol().tile);

const WEBGL_MESSAGE = msg`This browser cannot draw the map (WebGL is off or unavailable). The list shows every place.`;
const LOAD_MESSAGE = msg`The map could not be loaded. Check your connection and try again.`;

/** How long the street map's style may take before the bundled basemap replaces it. */
const STREET_STYLE_WAIT_MS = 4_000;

/** The MapLibre map behind BaseMap (this chunk holds maplibre-gl). */
export function BaseMapView({
  label,
  className,
  onReady,
  bounds,
  center,
  zoom,
  maxFitZoom = 14,
  fitPadding = 40,
  theme: forcedTheme,
  children,
}: BaseMapProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MapLibreMap | null>(null);
  const onReadyRef = useRef(onReady);
  const hintId = useId();
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');
  const [failure, setFailure] = useState(i18n._(LOAD_MESSAGE));
  const [attempt, setAttempt] = useState(0);
  const systemDark = usePrefersDarkMap();
  const theme: MapTheme = forcedTheme ?? (systemDark ? 'dark' : 'light');
  const reducedMotion = usePrefersReducedMotion();
  const themeRef = useRef(theme);
  const basemapRef = useRef<'street' | 'builtin'>('street');
  const boundsKey = bounds ? JSON.stringify(bounds) : '';
  const startRef = useRef({ bounds, center, zoom, reducedMotion, label, maxFitZoom, fitPadding });

  useEffect(() => {
    onReadyRef.current = onReady;
  }, [onReady]);

  // One map per mount (and per 'Try again').
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const start = startRef.current;
    // The street map first; the bundled basemap when it fails or is slow (decision 039).
    let basemap: 'street' | 'builtin' = tryStreetMap() ? 'street' : 'builtin';
    basemapRef.current = basemap;
    let map: MapLibreMap;
    try {
      map = new MapLibreMap({
        container,
        style: mapStyleUrl(themeRef.current, basemap),
        ...(start.bounds
          ? {
              bounds: start.bounds,
              fitBoundsOptions: { padding: start.fitPadding, maxZoom: start.maxFitZoom },
            }
          : { center: start.center ?? [10, 30], zoom: start.zoom ?? (start.center ? 11 : 1) }),
        attributionControl: false,
        locale: { 'Map.Title': start.label },
        reduceMotion: start.reducedMotion,
        dragRotate: false,
        pitchWithRotate: false,
        touchPitch: false,
        maxZoom: 19,
        // The built-in basemap names its tiles and fonts from the root (any host, any proxy): the
        // map's worker needs them whole.
        transformRequest: (url) => ({
          url: url.startsWith('/') ? new URL(url, window.location.href).href : url,
        }),
        // Browser tests read the drawn pixels back; people never pay for the extra buffer.
        canvasContextAttributes: { preserveDrawingBuffer: mapTestHooks() },
      });
    } catch {
      setFailure(i18n._(WEBGL_MESSAGE));
      setState('error');
      return;
    }
    mapRef.current = map;
    map.addControl(new NavigationControl({ showCompass: false }), 'top-right');
    map.addControl(new AttributionControl({ compact: true }), 'bottom-right');
    const canvas = map.getCanvas();
    canvas.setAttribute('aria-describedby', hintId);
    let loaded = false;
    const fallBack = () => {
      if (loaded || basemap === 'builtin') return;
      basemap = 'builtin';
      basemapRef.current = basemap;
      markStreetMapUnreachable();
      map.setStyle(mapStyleUrl(themeRef.current, basemap));
    };
    const slowStreet = basemap === 'street' ? window.setTimeout(fallBack, STREET_STYLE_WAIT_MS) : undefined;
    map.once('style.load', () => window.clearTimeout(slowStreet));
    map.once('load', () => {
      loaded = true;
      window.clearTimeout(slowStreet);
      setState('ready');
      onReadyRef.current?.(map);
    });
    map.on('error', () => {
      // After the first draw a missing tile is not fatal; before it the map has nothing to show:
      // the street map gives way to the bundled basemap, and only that one failing is an error.
      if (loaded) return;
      if (basemap === 'street') return fallBack();
      setFailure(i18n._(LOAD_MESSAGE));
      setState('error');
    });
    return () => {
      window.clearTimeout(slowStreet);
      mapRef.current = null;
      map.remove();
    };
  }, [attempt, hintId]);

  // A new theme: the other basemap, keeping what the page drew on it.
  useEffect(() => {
    const map = mapRef.current;
    if (!map || themeRef.current === theme) return;
    themeRef.current = theme;
    map.setStyle(mapStyleUrl(theme, basemapRef.current), { transformStyle: keepOverlays });
  }, [theme]);

  // New bounds after the start: fit them (a jump when motion is reduced).
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !boundsKey || state !== 'ready') return;
    if (JSON.stringify(startRef.current.bounds) === boundsKey) return;
    startRef.current = { ...startRef.current, bounds: JSON.parse(boundsKey) as BaseMapProps['bounds'] };
    map.fitBounds(JSON.parse(boundsKey) as [[number, number], [number, number]], {
      padding: fitPadding,
      maxZoom: maxFitZoom,
      animate: !reducedMotion,
    });
    // fitPadding is read when the bounds change, not a reason to move the map by itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [boundsKey, state, maxFitZoom, reducedMotion]);

  return (
    <div
      className={clsx(
        'relative isolate overflow-hidden rounded-3xl bg-slate-100 dark:bg-slate-900',
        '[&_.maplibregl-canvas:focus-visible]:outline-3 [&_.maplibregl-canvas:focus-visible]:-outline-offset-4 [&_.maplibregl-canvas:focus-visible]:outline-brand-500',
        className,
      )}
      data-map-state={state}
    >
      {/* size-full, not absolute: maplibre-gl.css makes the container position: relative. */}
      <div ref={containerRef} className="size-full" />
      <p id={hintId} className="sr-only">
        <Trans>Arrow keys move the map, plus and minus zoom.</Trans>
      </p>
      {state === 'loading' && <MapStatus state="loading" />}
      {state === 'error' && (
        <MapStatus
          state="error"
          message={failure}
          onRetry={
            failure === i18n._(WEBGL_MESSAGE)
              ? undefined
              : () => {
                  setState('loading');
                  setAttempt((value) => value + 1);
                }
          }
        />
      )}
      {children}
    </div>
  );
}
