import { useQuery } from '@tanstack/react-query';
import { ArrowDown, ArrowLeft, ArrowRight, ArrowUp, LocateFixed, Minus, Plus } from 'lucide-react';
import { type PointerEvent, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { type Feature, featureSearchQueryOptions } from '../api/search-features.ts';
import {
  fitView,
  isValidLngLat,
  type LngLat,
  type MapView,
  panView,
  project,
  toScreen,
  type Viewport,
  viewTransform,
  zoomView,
} from './map-projection.ts';
import { countryShapes } from './world-shapes.ts';

/** The map asks for the place's first 50 features (the API's page maximum). */
export const MAP_FEATURE_LIMIT = 50;
export const MAP_ERROR = 'Could not load the features for the map';
const VIEWPORT: Viewport = { width: 800, height: 500 };
const ZOOM_STEP = 1.5;
const PAN_STEP = 120;

const NO_FEATURES: readonly Feature[] = [];
const NO_CATEGORIES: readonly string[] = [];

export type MarkerKind = 'pin' | 'dot';

/** FEATURE-02: a pin for model 'places', a green dot for any other model. */
export const markerKind = (model: Feature['model']): MarkerKind => (model === 'places' ? 'pin' : 'dot');

interface FeatureMapProps {
  placeId: string | null | undefined;
  /** Used in the map's accessible name. */
  placeTitle: string;
  /** Features the page already has (shown at once, merged with the map's own fetch). */
  features?: readonly Feature[];
  /** The page's category filter, passed to the search. */
  categories?: readonly string[];
  /** Where to look when no feature has coordinates (the place's own coordinates). */
  center?: LngLat | null;
}

/** Up to the first 50 features of the place, for the map (one try: a failure is shown, not retried). */
function useMapFeatures(placeId: string | null | undefined, categories: readonly string[]) {
  const query = useQuery({
    ...featureSearchQueryOptions({
      placeId: placeId ?? '',
      skip: 0,
      limit: MAP_FEATURE_LIMIT,
      categories,
    }),
    enabled: Boolean(placeId),
    retry: false,
  });
  return {
    fetched: query.data?.data ?? NO_FEATURES,
    loading: Boolean(placeId) && query.isPending,
    failed: query.isError,
  };
}

// lucide's MapPin (24x24, tip at 12,22), drawn with its tip on the feature.
const PIN_PATH =
  'M20 10c0 4.993-5.539 10.193-7.399 11.799a1 1 0 0 1-1.202 0C9.539 20.193 4 14.993 4 10a8 8 0 0 1 16 0';
const PIN_SCALE = 1.3;

function Marker({ feature, x, y }: { feature: Feature; x: number; y: number }) {
  const kind = markerKind(feature.model);
  const label = feature.address ? `${feature.title}, ${feature.address}` : feature.title;
  if (kind === 'pin') {
    return (
      <g
        data-testid="map-marker"
        data-marker="pin"
        data-feature-id={feature._id}
        transform={`translate(${x - 12 * PIN_SCALE} ${y - 22 * PIN_SCALE}) scale(${PIN_SCALE})`}
      >
        <title>{label}</title>
        <path d={PIN_PATH} fill="#dc2626" stroke="#ffffff" strokeWidth={1.5} />
        <circle cx={12} cy={10} r={3} fill="#ffffff" />
      </g>
    );
  }
  return (
    <g data-testid="map-marker" data-marker="dot" data-feature-id={feature._id}>
      <title>{label}</title>
      <circle cx={x} cy={y} r={6} fill="#16a34a" stroke="#ffffff" strokeWidth={2} />
    </g>
  );
}

function ControlButton({
  label,
  onClick,
  children,
}: {
  label: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      className="flex size-9 items-center justify-center rounded-full bg-white/95 text-slate-700 shadow ring-1 ring-slate-200 transition hover:bg-white dark:bg-slate-900/95 dark:text-slate-200 dark:ring-slate-700"
    >
      {children}
    </button>
  );
}

/**
 * FEATURE-02: an offline map of the place's features, drawn as SVG over the bundled world-atlas
 * country outlines (Web Mercator), zoomed to the features. Pan and zoom with the buttons, the
 * wheel or by dragging. Loaded lazily by FeatureMapToggle.
 */
export function FeatureMap({
  placeId,
  placeTitle,
  features = NO_FEATURES,
  categories = NO_CATEGORIES,
  center,
}: FeatureMapProps) {
  const { fetched, loading, failed } = useMapFeatures(placeId, categories);
  const all = useMemo(() => {
    const byId = new Map<string, Feature>();
    for (const feature of [...features, ...fetched]) byId.set(feature._id, feature);
    return [...byId.values()];
  }, [features, fetched]);
  const located = useMemo(
    () =>
      all.flatMap((feature) =>
        isValidLngLat(feature.coordinates) ? [{ feature, point: project(feature.coordinates) }] : [],
      ),
    [all],
  );

  const fitted = useMemo<MapView>(() => {
    if (located.length > 0)
      return fitView(
        located.map((entry) => entry.point),
        VIEWPORT,
      );
    if (isValidLngLat(center)) return fitView([project(center)], VIEWPORT, 0.15, 4);
    return fitView([], VIEWPORT);
  }, [located, center]);
  // The user's pan/zoom; null follows the fitted view (which changes as features arrive).
  const [userView, setUserView] = useState<MapView | null>(null);
  const view = userView ?? fitted;
  const viewRef = useRef(view);
  useEffect(() => {
    viewRef.current = view;
  }, [view]);

  const countries = useMemo(
    () =>
      countryShapes().map((country) => (
        <path key={country.id} d={country.path} vectorEffect="non-scaling-stroke">
          {country.name && <title>{country.name}</title>}
        </path>
      )),
    [],
  );

  // Wheel zoom around the pointer (a native listener: React's wheel listener is passive).
  const svgRef = useRef<SVGSVGElement>(null);
  useEffect(() => {
    const svg = svgRef.current;
    if (!svg) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const rect = svg.getBoundingClientRect();
      const ratio = rect.width > 0 ? VIEWPORT.width / rect.width : 1;
      const anchor = { x: (event.clientX - rect.left) * ratio, y: (event.clientY - rect.top) * ratio };
      const factor = event.deltaY < 0 ? 1.2 : 1 / 1.2;
      setUserView(zoomView(viewRef.current, factor, VIEWPORT, anchor));
    };
    svg.addEventListener('wheel', onWheel, { passive: false });
    return () => svg.removeEventListener('wheel', onWheel);
  }, []);

  const drag = useRef<{ id: number; x: number; y: number } | null>(null);
  const onPointerDown = (event: PointerEvent<SVGSVGElement>) => {
    drag.current = { id: event.pointerId, x: event.clientX, y: event.clientY };
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<SVGSVGElement>) => {
    const start = drag.current;
    if (!start || start.id !== event.pointerId) return;
    const rect = event.currentTarget.getBoundingClientRect();
    const ratio = rect.width > 0 ? VIEWPORT.width / rect.width : 1;
    const dx = (start.x - event.clientX) * ratio;
    const dy = (start.y - event.clientY) * ratio;
    drag.current = { id: event.pointerId, x: event.clientX, y: event.clientY };
    setUserView(panView(view, dx, dy));
  };
  const onPointerUp = () => {
    drag.current = null;
  };

  const shown = located.length;
  const missing = all.length - shown;
  const label = `Map of ${placeTitle} with ${shown} ${shown === 1 ? 'feature' : 'features'}`;

  return (
    <section aria-label="Feature map" className="flex flex-col gap-3" data-testid="feature-map">
      <div className="relative overflow-hidden rounded-3xl shadow-sm ring-1 ring-slate-200 dark:ring-slate-800">
        <svg
          ref={svgRef}
          role="img"
          aria-label={label}
          viewBox={`0 0 ${VIEWPORT.width} ${VIEWPORT.height}`}
          className="block h-auto w-full cursor-grab touch-none select-none active:cursor-grabbing"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
        >
          <title>{label}</title>
          <rect
            width={VIEWPORT.width}
            height={VIEWPORT.height}
            className="fill-sky-100 dark:fill-slate-950"
          />
          <g
            transform={viewTransform(view, VIEWPORT)}
            className="fill-amber-50 stroke-slate-400 dark:fill-slate-800 dark:stroke-slate-600"
            strokeWidth={0.75}
            data-testid="map-countries"
          >
            {countries}
          </g>
          <g>
            {located.map(({ feature, point }) => {
              const { x, y } = toScreen(point, view, VIEWPORT);
              return <Marker key={feature._id} feature={feature} x={x} y={y} />;
            })}
          </g>
        </svg>
        <div className="absolute top-3 right-3 flex flex-col gap-2">
          <ControlButton label="Zoom in" onClick={() => setUserView(zoomView(view, ZOOM_STEP, VIEWPORT))}>
            <Plus aria-hidden="true" className="size-4" />
          </ControlButton>
          <ControlButton
            label="Zoom out"
            onClick={() => setUserView(zoomView(view, 1 / ZOOM_STEP, VIEWPORT))}
          >
            <Minus aria-hidden="true" className="size-4" />
          </ControlButton>
          <ControlButton label="Fit features" onClick={() => setUserView(null)}>
            <LocateFixed aria-hidden="true" className="size-4" />
          </ControlButton>
        </div>
        <div className="absolute bottom-3 left-3 grid grid-cols-3 gap-1">
          <span />
          <ControlButton label="Pan north" onClick={() => setUserView(panView(view, 0, -PAN_STEP))}>
            <ArrowUp aria-hidden="true" className="size-4" />
          </ControlButton>
          <span />
          <ControlButton label="Pan west" onClick={() => setUserView(panView(view, -PAN_STEP, 0))}>
            <ArrowLeft aria-hidden="true" className="size-4" />
          </ControlButton>
          <span />
          <ControlButton label="Pan east" onClick={() => setUserView(panView(view, PAN_STEP, 0))}>
            <ArrowRight aria-hidden="true" className="size-4" />
          </ControlButton>
          <span />
          <ControlButton label="Pan south" onClick={() => setUserView(panView(view, 0, PAN_STEP))}>
            <ArrowDown aria-hidden="true" className="size-4" />
          </ControlButton>
          <span />
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-x-5 gap-y-1 text-sm text-slate-600 dark:text-slate-300">
        <span className="flex items-center gap-1.5">
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4">
            <path d={PIN_PATH} fill="#dc2626" />
            <circle cx={12} cy={10} r={3} fill="#ffffff" />
          </svg>
          places
        </span>
        <span className="flex items-center gap-1.5">
          <span aria-hidden="true" className="inline-block size-3 rounded-full bg-green-600" />
          other features
        </span>
        <span data-testid="map-summary" aria-live="polite">
          {loading
            ? 'Loading features for the map…'
            : failed
              ? MAP_ERROR
              : missing > 0
                ? `${shown} on the map, ${missing} without coordinates`
                : `${shown} on the map`}
        </span>
      </div>
    </section>
  );
}
