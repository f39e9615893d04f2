import type { BookingKind } from '@tripcrew/contracts/trip-bookings';
import {
  type FilterSpecification,
  type LineLayerSpecification,
  type Map as MapLibreMap,
  Marker,
  type Popup,
} from 'maplibre-gl';
import { useEffect } from 'react';
import {
  BOOKING_COLOUR,
  BOOKING_COLOUR_DARK,
  type BookingLines,
  type BookingPoint,
} from './trip-map-bookings.ts';
import { mapElement, openPopupOnClick, syncSource } from './map-layers.ts';

/** The MapLibre side of the bookings on the trip map (the canvas's chunk): lines, markers, popups. */

export const BOOKING_LINE_SOURCE = 'trip-booking-lines';
const BOOKING_CASING_LAYER = 'trip-booking-lines-casing';
const FLIGHT_LAYER = 'trip-booking-flights';
const GROUND_LAYER = 'trip-booking-ground';

/** Lucide's paths (ISC) of the markers' icons: a bed, a plane, a train, a bus, a ship. */
const ICON_PATHS: Partial<Record<BookingKind, string[]>> = {
  lodging: [
    'M2 20v-8a2 2 0 0 1 2-2h16a2 2 0 0 1 2 2v8',
    'M4 10V6a2 2 0 0 1 2-2h12a2 2 0 0 1 2 2v4',
    'M12 4v6',
    'M2 18h20',
  ],
  flight: [
    'M17.8 19.2 16 11l3.5-3.5C21 6 21.5 4 21 3c-1-.5-3 0-4.5 1.5L13 8 4.8 6.2c-.5-.1-.9.1-1.1.5l-.3.5c-.2.5-.1 1 .3 1.3L9 12l-2 3H4l-1 1 3 2 2 3 1-1v-3l3-2 3.5 5.3c.3.4.8.5 1.3.3l.5-.2c.4-.3.6-.7.5-1.2z',
  ],
  train: [
    'M8 3.1V7a4 4 0 0 0 8 0V3.1',
    'm9 15-1-1',
    'm15 15 1-1',
    'M9 19c-2.8 0-5-2.2-5-5v-4a8 8 0 0 1 16 0v4c0 2.8-2.2 5-5 5Z',
    'm8 19-2 3',
    'm16 19 2 3',
  ],
  bus: [
    'M8 6v6',
    'M15 6v6',
    'M2 12h19.6',
    'M18 18h3s.5-1.7.8-2.8c.1-.4.2-.8.2-1.2 0-.4-.1-.8-.2-1.2l-1.4-5C20.1 6.8 19.1 6 18 6H4a2 2 0 0 0-2 2v10h3',
    'M5 18a2 2 0 1 0 4 0a2 2 0 1 0-4 0',
    'M9 18h5',
    'M14 18a2 2 0 1 0 4 0a2 2 0 1 0-4 0',
  ],
  ferry: [
    'M12 2v2',
    'M12 9.189V13',
    'M19 12V6a2 2 0 00-2-2H7a2 2 0 00-2 2v6',
    'M19.38 19A11.6 11.6 0 0021 13l-8.188-3.639a2 2 0 00-1.624 0L3 13.001a11.6 11.6 0 002.81 7.76',
    'M2 20c.6.5 1.2 1 2.5 1 2.5 0 2.5-2 5-2 1.3 0 1.9.5 2.5 1s1.2 1 2.5 1c2.5 0 2.5-2 5-2 1.3 0 1.9.5 2.5 1',
  ],
};

const SVG = 'http://www.w3.org/2000/svg';

function iconOf(kind: BookingKind): SVGSVGElement {
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('fill', 'none');
  svg.setAttribute('stroke', 'currentColor');
  svg.setAttribute('stroke-width', '2');
  svg.setAttribute('stroke-linecap', 'round');
  svg.setAttribute('stroke-linejoin', 'round');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('class', 'size-4 shrink-0');
  for (const d of ICON_PATHS[kind] ?? ICON_PATHS.flight ?? []) {
    const path = document.createElementNS(SVG, 'path');
    path.setAttribute('d', d);
    svg.append(path);
  }
  return svg;
}

/**
 * A booking place's marker: a white pill ringed in the bookings' ink with its icon (a bed for
 * lodging) and an airport's code or a station's name; a button named 'Airport: LIS · Lisbon'.
 * At least 44 px tall to the touch (an invisible margin around the 32 px pill).
 */
export function bookingElement(point: BookingPoint): HTMLButtonElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.className =
    'flex min-h-11 min-w-11 cursor-pointer items-center justify-center rounded-full focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600';
  button.setAttribute('aria-label', point.label);
  button.dataset.testid = 'trip-map-booking';
  button.dataset.key = point.key;
  button.dataset.kind = point.kind;
  const pill = mapElement(
    'span',
    'flex h-8 max-w-40 items-center gap-1 rounded-full bg-white px-2 text-xs font-bold text-slate-900 shadow-md ring-2 ring-slate-900',
  );
  pill.append(iconOf(point.icon));
  if (point.text) pill.append(mapElement('span', 'truncate', point.text));
  button.append(pill);
  return button;
}

/** The popup of a booking place: its name, then each booking's title and local time there. */
export function bookingPopupContent(point: BookingPoint): HTMLElement {
  const content = mapElement('div', 'flex flex-col gap-1.5 text-slate-900');
  content.append(mapElement('strong', 'text-sm', point.name));
  for (const visit of point.visits) {
    const entry = mapElement('span', 'flex flex-col text-xs text-slate-700');
    entry.append(
      mapElement('span', 'font-semibold text-slate-900', visit.title),
      mapElement('span', '', visit.when),
    );
    content.append(entry);
  }
  return content;
}

/**
 * Adds the bookings' lines (under the day lines, which matter more in a city) or gives them new
 * data: flights solid, the rest dashed, in the bookings' colour with a casing.
 */
export function syncBookingLines(map: MapLibreMap, lines: BookingLines, dark: boolean, below?: string): void {
  syncSource(map, BOOKING_LINE_SOURCE, lines);
  const before = below && map.getLayer(below) ? below : undefined;
  const colour = dark ? BOOKING_COLOUR_DARK : BOOKING_COLOUR;
  const casing = dark ? '#020617' : '#ffffff';
  const line = (
    id: string,
    paint: LineLayerSpecification['paint'],
    filter?: FilterSpecification,
    layout: LineLayerSpecification['layout'] = { 'line-join': 'round', 'line-cap': 'round' },
  ) => {
    if (!map.getLayer(id))
      map.addLayer(
        { id, type: 'line', source: BOOKING_LINE_SOURCE, ...(filter && { filter }), layout, paint },
        before,
      );
  };
  line(BOOKING_CASING_LAYER, { 'line-color': casing, 'line-width': 6, 'line-opacity': 0.8 });
  line(FLIGHT_LAYER, { 'line-color': colour, 'line-width': 2.5 }, ['==', ['get', 'style'], 'flight']);
  line(
    GROUND_LAYER,
    { 'line-color': colour, 'line-width': 2.5, 'line-dasharray': [2, 1.5] },
    ['!=', ['get', 'style'], 'flight'],
    { 'line-join': 'round' },
  );
  // A change of theme recolours the lines kept on the map.
  map.setPaintProperty(BOOKING_CASING_LAYER, 'line-color', casing);
  map.setPaintProperty(FLIGHT_LAYER, 'line-color', colour);
  map.setPaintProperty(GROUND_LAYER, 'line-color', colour);
}

/**
 * The booking places' markers, in the order a keyboard reaches them after the stops; a click (or
 * Enter) opens the place's popup, Escape closes it and gives the focus back. `popup` is the
 * canvas's one popup: opening one closes the other.
 */
export function useBookingMarkers(
  map: MapLibreMap | null,
  points: readonly BookingPoint[],
  popup: { current: Popup | null },
  popupClass: string,
): void {
  useEffect(() => {
    if (!map) return;
    const markers = points.map((point) => {
      const element = bookingElement(point);
      openPopupOnClick(map, element, popup, {
        lngLat: point.lngLat,
        options: { offset: 18, maxWidth: '260px', className: popupClass },
        content: () => bookingPopupContent(point),
      });
      return new Marker({ element }).setLngLat(point.lngLat).addTo(map);
    });
    return () => {
      for (const marker of markers) marker.remove();
    };
  }, [map, points, popup, popupClass]);
}
