import { act, renderHook } from '@testing-library/react';
import type { StyleSpecification } from 'maplibre-gl';
import { afterEach, describe, expect, it } from 'vitest';
import { keepOverlays } from './keep-overlays.ts';
import {
  boundsOf,
  mapStyleUrl,
  markStreetMapUnreachable,
  tryStreetMap,
  usePrefersDarkMap,
} from './map-preferences.ts';

describe('map preferences', () => {
  afterEach(() => document.body.classList.remove('light', 'dark', 'system'));

  it('[MAP-14] the basemap follows the theme the app shows, not only the system preference', async () => {
    document.body.classList.add('light');
    const { result } = renderHook(() => usePrefersDarkMap());
    expect(result.current).toBe(false);
    // The person picks dark in the app: ThemeSync puts 'dark' on the body.
    await act(async () => {
      document.body.classList.replace('light', 'dark');
      await Promise.resolve();
    });
    expect(result.current).toBe(true);
    await act(async () => {
      document.body.classList.replace('dark', 'system');
      await Promise.resolve();
    });
    expect(result.current).toBe(false);
  });

  it('[MAP-06] asks our style endpoint for the theme', () => {
    expect(mapStyleUrl('light')).toBe('/api/maps/style.json?theme=light');
    expect(mapStyleUrl('dark')).toBe('/api/maps/style.json?theme=dark');
  });

  it('[MAP-18] the fallback asks for the bundled basemap, and once the street map failed, new maps start with it', () => {
    expect(mapStyleUrl('dark', 'builtin')).toBe('/api/maps/style.json?theme=dark&basemap=builtin');
    expect(tryStreetMap()).toBe(true);
    markStreetMapUnreachable();
    expect(tryStreetMap()).toBe(false);
  });

  it('[MAP-06] bounds wrap every point, and a lone point gets a neighbourhood around it', () => {
    expect(boundsOf([])).toBeNull();
    expect(
      boundsOf([
        [-9.14, 38.71],
        [-9.2, 38.75],
        [-9.1, 38.69],
      ]),
    ).toEqual([
      [-9.2, 38.69],
      [-9.1, 38.75],
    ]);
    const lone = boundsOf([[2.35, 48.85]]);
    expect(lone?.[0][0]).toBeCloseTo(2.34);
    expect(lone?.[1][1]).toBeCloseTo(48.86);
    expect(boundsOf([[Number.NaN, 1]])).toBeNull();
  });

  it('[MAP-06] a new theme keeps the layers and sources a page added, after the new basemap', () => {
    const basemap = (colour: string): StyleSpecification => ({
      version: 8,
      sources: { land: { type: 'geojson', data: '/land' } },
      layers: [{ id: 'water', type: 'background', paint: { 'background-color': colour } }],
    });
    const previous: StyleSpecification = {
      ...basemap('#fff'),
      sources: { land: { type: 'geojson', data: '/land' }, pins: { type: 'geojson', data: '/pins' } },
      layers: [...basemap('#fff').layers, { id: 'pins', type: 'circle', source: 'pins' }],
    };
    const next = keepOverlays(previous, basemap('#000'));
    expect(next.layers.map((layer) => layer.id)).toEqual(['water', 'pins']);
    expect(next.layers[0]).toMatchObject({ paint: { 'background-color': '#000' } });
    expect(Object.keys(next.sources)).toEqual(['land', 'pins']);
    expect(keepOverlays(undefined, basemap('#000'))).toEqual(basemap('#000'));
  });
});
