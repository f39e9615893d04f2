import { describe, expect, it } from 'vitest';
import {
  fitView,
  isValidLngLat,
  project,
  ringsToPath,
  toScreen,
  WORLD_SIZE,
  zoomView,
} from './map-projection.ts';

const VIEWPORT = { width: 800, height: 500 };

describe('map projection', () => {
  it('[FEATURE-02] projects with Web Mercator: (0,0) at the centre, west left, north up', () => {
    expect(project({ lat: 0, lng: 0 })).toEqual({ x: WORLD_SIZE / 2, y: WORLD_SIZE / 2 });
    const munich = project({ lat: 48.137, lng: 11.575 });
    const lisbon = project({ lat: 38.722, lng: -9.139 });
    expect(lisbon.x).toBeLessThan(munich.x);
    expect(munich.y).toBeLessThan(lisbon.y);
    expect(Number.isFinite(project({ lat: 90, lng: 180 }).y)).toBe(true);
  });

  it('[FEATURE-02] fits the bounding box of the features with padding, and zooms around an anchor', () => {
    const points = [project({ lat: 48.1, lng: 11.5 }), project({ lat: 48.2, lng: 11.7 })];
    const view = fitView(points, VIEWPORT);
    for (const point of points) {
      const screen = toScreen(point, view, VIEWPORT);
      expect(screen.x).toBeGreaterThan(0);
      expect(screen.x).toBeLessThan(VIEWPORT.width);
      expect(screen.y).toBeGreaterThan(0);
      expect(screen.y).toBeLessThan(VIEWPORT.height);
    }
    const anchor = toScreen(points[0]!, view, VIEWPORT);
    const zoomed = zoomView(view, 2, VIEWPORT, anchor);
    expect(zoomed.k).toBeCloseTo(view.k * 2);
    const after = toScreen(points[0]!, zoomed, VIEWPORT);
    expect(after.x).toBeCloseTo(anchor.x);
    expect(after.y).toBeCloseTo(anchor.y);
    // A single feature still gets a finite, bounded zoom.
    expect(Number.isFinite(fitView([points[0]!], VIEWPORT).k)).toBe(true);
  });

  it('[FEATURE-02] skips missing coordinates and breaks rings at the antimeridian', () => {
    expect(isValidLngLat(null)).toBe(false);
    expect(isValidLngLat({ lat: 91, lng: 0 })).toBe(false);
    expect(isValidLngLat({ lat: 10, lng: 20 })).toBe(true);
    const path = ringsToPath([
      [
        [179, 10],
        [-179, 10],
        [-179, 11],
      ],
    ]);
    expect(path.match(/M/g)).toHaveLength(2);
  });
});
