/**
 * Stand-ins for the trip map's tests: jsdom has no WebGL, so the shared BaseMap becomes a plain
 * element that hands over a fake map, and MapLibre's Marker and Popup stand-ins put their
 * elements into the page. A test file installs them with
 * `vi.mock('…/components/map/base-map.tsx', async () => (await import('…/trip-map-doubles.ts')).fakeBaseMapModule())`
 * and `vi.mock('maplibre-gl', async () => (await import('…/trip-map-doubles.ts')).fakeMaplibreModule())`.
 */
import { createElement, type ReactNode, useEffect, useRef } from 'react';
import { vi } from 'vitest';

const state = {
  container: null as HTMLElement | null,
  baseMapRenders: 0,
  fits: [] as string[],
  /** The centre and zoom the map was last given (where it opens without bounds). */
  view: null as { center: [number, number] | null; zoom: number | undefined } | null,
};

/** The fake map BaseMap hands over, and what the fake BaseMap saw: its renders, the bounds it fitted. */
export const fake = {
  state,
  map: {
    setPaintProperty: vi.fn(),
    getSource: vi.fn(() => undefined),
    getLayer: vi.fn(() => undefined),
    addSource: vi.fn(),
    addLayer: vi.fn(),
    on: vi.fn(),
    off: vi.fn(),
    getContainer: () => state.container,
  },
};

/** The bounds the map was fitted to, one after another. */
export const fittedBounds = (): unknown[] => state.fits.map((fit) => JSON.parse(fit) as unknown);

/** A click at a point of the map, as MapLibre reports it to the handlers of 'click'. */
export function clickMap(lngLat: { lat: number; lng: number }): void {
  const handlers = fake.map.on.mock.calls
    .filter((call: unknown[]) => call[0] === 'click')
    .map((call: unknown[]) => call[1] as (event: unknown) => void);
  handlers.at(-1)?.({ lngLat, originalEvent: { target: state.container } });
}

/** The ids of the GeoJSON sources added to the map. */
export const geoJsonSources = (): unknown[] =>
  fake.map.addSource.mock.calls
    .filter((call: unknown[]) => (call[1] as { type?: string } | undefined)?.type === 'geojson')
    .map((call: unknown[]) => call[0]);

/** The module `components/map/base-map.tsx`: like the real one, fits `bounds` at start and whenever their value changes. */
export function fakeBaseMapModule() {
  return {
    BaseMap: ({
      label,
      onReady,
      bounds,
      center = null,
      zoom,
      children,
    }: {
      label: string;
      onReady?: (map: unknown) => void;
      bounds?: unknown;
      center?: [number, number] | null;
      zoom?: number;
      children?: ReactNode;
    }) => {
      const ref = useRef<HTMLDivElement>(null);
      state.baseMapRenders += 1;
      state.view = { center, zoom };
      const boundsKey = bounds ? JSON.stringify(bounds) : '';
      useEffect(() => {
        state.container = ref.current;
        onReady?.(fake.map);
      }, [onReady]);
      useEffect(() => {
        if (boundsKey) state.fits.push(boundsKey);
      }, [boundsKey]);
      return createElement(
        'div',
        null,
        createElement('div', { ref, role: 'region', 'aria-label': label, 'data-testid': 'base-map' }),
        children,
      );
    },
  };
}

/** The module `maplibre-gl`: its Marker and Popup. */
export function fakeMaplibreModule() {
  class Marker {
    element: HTMLElement;
    constructor({ element }: { element: HTMLElement }) {
      this.element = element;
    }
    setLngLat(lngLat: [number, number]) {
      this.element.dataset.lngLat = lngLat.join(',');
      return this;
    }
    addTo(map: { getContainer: () => HTMLElement | null }) {
      map.getContainer()?.append(this.element);
      return this;
    }
    getElement() {
      return this.element;
    }
    remove() {
      this.element.remove();
    }
  }
  class Popup {
    element = document.createElement('div');
    constructor() {
      this.element.dataset.testid = 'map-popup';
    }
    setLngLat() {
      return this;
    }
    setDOMContent(content: HTMLElement) {
      this.element.replaceChildren(content);
      return this;
    }
    addTo() {
      document.body.append(this.element);
      return this;
    }
    getElement() {
      return this.element;
    }
    remove() {
      this.element.remove();
    }
  }
  return { Marker, Popup };
}
