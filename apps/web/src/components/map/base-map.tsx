import clsx from 'clsx';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { lazy, type ReactNode, Suspense } from 'react';
import type { MapBounds, MapTheme } from './map-preferences.ts';
import { MapLoadBoundary, useRetryableLazy } from './map-load-boundary.tsx';
import { MapStatus } from './map-status.tsx';

export type { MapLibreMap, MapBounds, MapTheme };

export interface BaseMapProps {
  /** The map's accessible name (the canvas is a focusable region with this label). */
  label: string;
  /** Sizes the map: give it a height (e.g. h-[60vh] or h-[440px]). */
  className?: string;
  /** Called once, when the style has loaded: add sources, layers and handlers here. */
  onReady?: (map: MapLibreMap) => void;
  /** What to show: fitted at start and again whenever the bounds change. */
  bounds?: MapBounds | null;
  /** Without bounds: the centre [lng, lat] and zoom to start at (the whole world otherwise). */
  center?: [number, number] | null;
  zoom?: number;
  /** The closest zoom a fit may reach (a single feature stays in its neighbourhood). */
  maxFitZoom?: number;
  /** Room kept around fitted bounds, in pixels (40 on every side by default; pins need more on top). */
  fitPadding?: number | { top: number; bottom: number; left: number; right: number };
  /** Forces a theme; prefers-color-scheme is followed without it. */
  theme?: MapTheme;
  /** Shown over the map (a legend, a note), after the canvas in reading order. */
  children?: ReactNode;
}

// The whole of maplibre-gl (and its CSS and worker) is in this chunk, fetched on first use.
const loadView = () => import('./base-map-view.tsx').then((module) => ({ default: module.BaseMapView }));
const BaseMapView = lazy(loadView);

/**
 * A MapLibre map of our basemap (decision 021): light or dark with the system, attribution,
 * zoom buttons, keyboard pan and zoom, reduced motion honoured, and a loading and error state.
 */
export function BaseMap(props: BaseMapProps) {
  const { View, attempt, retry } = useRetryableLazy(BaseMapView, loadView);
  return (
    <MapLoadBoundary key={attempt} className={props.className} onRetry={retry}>
      <Suspense
        fallback={
          <div
            className={clsx(
              'relative overflow-hidden rounded-3xl bg-slate-100 dark:bg-slate-900',
              props.className,
            )}
          >
            <MapStatus state="loading" />
          </div>
        }
      >
        <View {...props} />
      </Suspense>
    </MapLoadBoundary>
  );
}
