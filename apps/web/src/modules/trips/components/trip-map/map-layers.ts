import {
  type GeoJSONSourceSpecification,
  type Map as MapLibreMap,
  Popup,
  type PopupOptions,
} from 'maplibre-gl';

/** The trip map's MapLibre helpers, shared by its stops and its bookings (the canvas's chunk). */

/** A new element of the map's own DOM (a marker, a popup's content): its classes and its text. */
export function mapElement<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  if (className) element.className = className;
  if (text !== undefined) element.textContent = text;
  return element;
}

/** Gives a GeoJSON source new data, or adds it with them the first time. */
export function syncSource(map: MapLibreMap, id: string, data: GeoJSONSourceSpecification['data']): void {
  const source = map.getSource(id);
  if (source && 'setData' in source && typeof source.setData === 'function') {
    (source as { setData: (next: typeof data) => void }).setData(data);
  } else {
    map.addSource(id, { type: 'geojson', data });
  }
}

/** Closes the map's open popup, if any. */
export function closePopup(popup: { current: Popup | null }): void {
  popup.current?.remove();
}

/**
 * A click on a marker's `element` (or Enter) opens its popup, closing the one open (`popup`, the
 * canvas's one popup); Escape closes it and gives the focus back to the marker.
 */
export function openPopupOnClick(
  map: MapLibreMap,
  element: HTMLElement,
  popup: { current: Popup | null },
  at: { lngLat: [number, number]; options: PopupOptions; content: () => HTMLElement },
): void {
  element.addEventListener('click', (event) => {
    event.stopPropagation();
    popup.current?.remove();
    const opened = new Popup(at.options).setLngLat(at.lngLat).setDOMContent(at.content()).addTo(map);
    opened.getElement().addEventListener('keydown', (key) => {
      if (key.key !== 'Escape') return;
      opened.remove();
      element.focus();
    });
    popup.current = opened;
  });
}
