import {
  type LineLayerSpecification,
  type Map as MapLibreMap,
  type MapMouseEvent,
  Marker,
  Popup,
} from 'maplibre-gl';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { BaseMap, type MapBounds } from '../../../../components/map/base-map.tsx';
import { boundsOf, usePrefersDarkMap } from '../../../../components/map/map-preferences.ts';
import type { BookingMap } from './trip-map-bookings.ts';
import { syncBookingLines, useBookingMarkers } from './trip-map-booking-layers.ts';
import { closePopup, mapElement, openPopupOnClick, syncSource } from './map-layers.ts';
import type { DayLines, LngLat, MapStop } from './trip-map-stops.ts';

export const LINE_SOURCE = 'trip-day-lines';
const CASING_LAYER = 'trip-day-lines-casing';
const LINE_LAYER = 'trip-day-lines';
const casingColour = (dark: boolean) => (dark ? '#020617' : '#ffffff');

const NUMBERED_CLASS = 'size-8 text-sm font-bold text-white ring-2 ring-white shadow-md';
const UNSCHEDULED_CLASS = 'size-5 ring-2 ring-white shadow';
/**
 * MapLibre's popup in the app's look: rounded, roomy, a visible close button in light and dark
 * (important: maplibre-gl.css is not in a cascade layer, so it wins over plain utilities).
 */
const POPUP_CLASS = [
  '[&_.maplibregl-popup-content]:rounded-xl! [&_.maplibregl-popup-content]:py-2.5! [&_.maplibregl-popup-content]:pl-3! [&_.maplibregl-popup-content]:pr-10! [&_.maplibregl-popup-content]:shadow-lg!',
  '[&_.maplibregl-popup-close-button]:top-1.5! [&_.maplibregl-popup-close-button]:right-1.5! [&_.maplibregl-popup-close-button]:flex! [&_.maplibregl-popup-close-button]:size-7! [&_.maplibregl-popup-close-button]:items-center! [&_.maplibregl-popup-close-button]:justify-center! [&_.maplibregl-popup-close-button]:rounded-full! [&_.maplibregl-popup-close-button]:text-lg! [&_.maplibregl-popup-close-button]:text-slate-700!',
].join(' ');

const NO_POINTS: BookingMap['points'] = [];

const MARKER_CLASS =
  'flex cursor-pointer items-center justify-center rounded-full focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

interface TripMapCanvasProps {
  stops: MapStop[];
  lines: DayLines;
  /** When it changes (another day chosen), the map fits the stops again; a move keeps the view. */
  fitKey: string;
  /** The bookings' places and journeys (lodging, airports, stations; flights and other transport). */
  bookings?: BookingMap | undefined;
  /** Fit the bookings' places rather than the stops (a trip without stops, see the panel). */
  fitBookings?: boolean;
  /** With nothing to fit: where the map opens, [lng, lat], and its zoom (the trip's place). */
  center?: [number, number] | null;
  zoom?: number;
  label: string;
  /** Those who edit the trip drop a pin (click, or a long press on touch) to add a place there. */
  onDropPin?: ((point: { lat: number; lng: number }) => void) | undefined;
  /** The pin's button, in the reader's language ('Add a place here'). */
  dropPinLabel?: string;
  /** Shown over the map. */
  children?: ReactNode;
}

/** The stop's marker: a button named 'Day 1, stop 2: Belém Tower', its number on the day's colour. */
export function stopElement(stop: MapStop): HTMLButtonElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = `${MARKER_CLASS} ${stop.number === null ? UNSCHEDULED_CLASS : NUMBERED_CLASS}`;
  button.style.backgroundColor = stop.colour;
  button.setAttribute('aria-label', stop.label);
  button.dataset.itemId = stop.itemId;
  button.dataset.testid = 'trip-map-stop';
  if (stop.number !== null) button.textContent = String(stop.number);
  return button;
}

function popupContent(stop: MapStop): HTMLElement {
  const content = mapElement('div', 'flex flex-col gap-0.5 text-slate-900');
  const where = stop.number === null ? stop.dayLabel : `${stop.dayLabel} · stop ${stop.number}`;
  content.append(
    mapElement('strong', 'text-sm', stop.title),
    mapElement('span', 'text-xs text-slate-700', where),
  );
  return content;
}

const round6 = (value: number): number => Math.round(value * 1e6) / 1e6;

/** The dropped pin's popup: its coordinates and the button that adds a place there. */
function pinContent(at: { lat: number; lng: number }, label: string, onAdd: () => void): HTMLElement {
  const add = mapElement(
    'button',
    'min-h-11 rounded-full bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
    label,
  );
  add.type = 'button';
  add.dataset.testid = 'trip-map-add-place';
  add.addEventListener('click', onAdd);
  const content = mapElement('div', 'flex flex-col gap-1.5 text-slate-900');
  const where = `${at.lat.toFixed(5)}, ${at.lng.toFixed(5)}`;
  content.append(add, mapElement('span', 'text-xs text-slate-700', where));
  return content;
}

/**
 * A click on the map (a tap or a long press on touch: MapLibre's 'contextmenu') opens a popup to
 * add a place at that point; a click on a stop's marker is the stop's own.
 */
function useDropPin(
  map: MapLibreMap | null,
  popup: { current: Popup | null },
  label: string,
  onDropPin: ((point: { lat: number; lng: number }) => void) | undefined,
) {
  useEffect(() => {
    if (!map || !onDropPin) return;
    const open = (event: MapMouseEvent) => {
      const target = event.originalEvent.target;
      if (target instanceof Element && target.closest('.maplibregl-marker, .maplibregl-popup')) return;
      // To six decimals (about 10 cm): the precision a pin dropped by hand has.
      const at = { lat: round6(event.lngLat.lat), lng: round6(event.lngLat.lng) };
      popup.current?.remove();
      const opened = new Popup({ maxWidth: '260px', className: POPUP_CLASS })
        .setLngLat(event.lngLat)
        .setDOMContent(
          pinContent(at, label, () => {
            opened.remove();
            onDropPin(at);
          }),
        )
        .addTo(map);
      popup.current = opened;
    };
    map.on('click', open);
    map.on('contextmenu', open);
    return () => {
      map.off('click', open);
      map.off('contextmenu', open);
    };
  }, [map, popup, label, onDropPin]);
}

/** Adds the day lines, or gives them new data (they stay through a change of theme). */
function syncLines(map: MapLibreMap, lines: DayLines, dark: boolean): void {
  syncSource(map, LINE_SOURCE, lines);
  addRoundLine(map, CASING_LAYER, {
    'line-color': casingColour(dark),
    'line-width': 7,
    'line-opacity': 0.85,
  });
  addRoundLine(map, LINE_LAYER, { 'line-color': ['get', 'colour'], 'line-width': 3.5 });
}

/** Adds a line layer with round joins and caps over the day lines, unless it is there already. */
function addRoundLine(map: MapLibreMap, id: string, paint: LineLayerSpecification['paint']): void {
  if (map.getLayer(id)) return;
  map.addLayer({
    id,
    type: 'line',
    source: LINE_SOURCE,
    layout: { 'line-join': 'round', 'line-cap': 'round' },
    paint,
  });
}

/**
 * The bounds the map fits: those of the stops shown when it opened or when another day was
 * chosen. A move in the planner changes the stops, not the view.
 */
function useFitBounds(points: readonly LngLat[], fitKey: string): MapBounds | null {
  const [fit, setFit] = useState(() => ({ key: fitKey, bounds: boundsOf(points) }));
  if (fit.key !== fitKey || (fit.bounds === null && points.length > 0)) {
    const next = { key: fitKey, bounds: boundsOf(points) };
    setFit(next);
    return next.bounds;
  }
  return fit.bounds;
}

/** The MapLibre part of the trip map (its own chunk): markers, day lines, popups, fitting. */
export function TripMapCanvas({
  stops,
  lines,
  fitKey,
  bookings,
  fitBookings = false,
  center = null,
  zoom,
  label,
  onDropPin,
  dropPinLabel = '',
  children,
}: TripMapCanvasProps) {
  const [map, setMap] = useState<MapLibreMap | null>(null);
  const popup = useRef<Popup | null>(null);
  const dark = usePrefersDarkMap();
  // The stops and where the group sleeps (a far airport or station does not widen the view).
  const fitPoints = useMemo(
    () =>
      (fitBookings
        ? (bookings?.points ?? [])
        : [...stops, ...(bookings?.points ?? []).filter((point) => point.kind === 'lodging')]
      ).map((point) => point.lngLat),
    [fitBookings, bookings, stops],
  );
  const bounds = useFitBounds(fitPoints, fitKey);
  useDropPin(map, popup, dropPinLabel, onDropPin);

  useEffect(() => {
    if (map) syncLines(map, lines, dark);
  }, [map, lines, dark]);
  const bookingLines = bookings?.lines;
  useEffect(() => {
    if (map && bookingLines) syncBookingLines(map, bookingLines, dark, CASING_LAYER);
  }, [map, bookingLines, dark]);
  useEffect(() => {
    if (map?.getLayer(CASING_LAYER)) map.setPaintProperty(CASING_LAYER, 'line-color', casingColour(dark));
  }, [map, dark]);

  // Markers: rebuilt from the stops (at most a few hundred), in the order a keyboard reaches them,
  // keeping the focus on the same stop.
  useEffect(() => {
    if (!map) return;
    const active = document.activeElement;
    const focusedId =
      active instanceof HTMLElement && active.dataset.testid === 'trip-map-stop'
        ? active.dataset.itemId
        : undefined;
    const markers = stops.map((stop) => {
      const element = stopElement(stop);
      openPopupOnClick(map, element, popup, {
        lngLat: stop.lngLat,
        options: { offset: stop.number === null ? 14 : 20, maxWidth: '260px', className: POPUP_CLASS },
        content: () => popupContent(stop),
      });
      return new Marker({ element }).setLngLat(stop.lngLat).addTo(map);
    });
    if (focusedId)
      markers
        .find((marker) => marker.getElement().dataset.itemId === focusedId)
        ?.getElement()
        .focus();
    return () => {
      // A popup describes a stop as it was: it closes when the stops change.
      closePopup(popup);
      for (const marker of markers) marker.remove();
    };
  }, [map, stops]);
  useBookingMarkers(map, bookings?.points ?? NO_POINTS, popup, POPUP_CLASS);

  return (
    <BaseMap
      label={label}
      className="h-full w-full ring-1 ring-slate-200 dark:ring-slate-800"
      bounds={bounds}
      center={center}
      zoom={zoom}
      maxFitZoom={15}
      onReady={setMap}
    >
      {children}
    </BaseMap>
  );
}
