import { useSyncExternalStore } from 'react';
import { mediaQuery, useMediaQuery } from '../../lib/media-query.ts';

/** The basemap's colour scheme. */
export type MapTheme = 'light' | 'dark';

const DARK = '(prefers-color-scheme: dark)';
const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/**
 * Whether the page shows its dark theme (live): the app's choice, which the body carries as the
 * 'dark' class (app/layout/theme-sync.tsx); before the app has set one, the system's preference.
 */
export function usePrefersDarkMap(): boolean {
  return useSyncExternalStore(subscribeDarkPage, darkPage, () => false);
}

function darkPage(): boolean {
  if (typeof document === 'undefined') return false;
  const classes = document.body.classList;
  if (classes.contains('dark')) return true;
  if (classes.contains('light') || classes.contains('system')) return false;
  return mediaQuery(DARK)?.matches ?? false;
}

function subscribeDarkPage(onChange: () => void): () => void {
  const list = mediaQuery(DARK);
  list?.addEventListener('change', onChange);
  const observer =
    typeof MutationObserver === 'undefined' || typeof document === 'undefined'
      ? null
      : new MutationObserver(onChange);
  observer?.observe(document.body, { attributes: true, attributeFilter: ['class'] });
  return () => {
    list?.removeEventListener('change', onChange);
    observer?.disconnect();
  };
}

/** Whether the person asked for less motion (live): camera moves jump instead of flying. */
export const usePrefersReducedMotion = (): boolean => useMediaQuery(REDUCED_MOTION);

/** The same, read once (for code outside React, e.g. a click handler on the map). */
export const prefersReducedMotion = (): boolean => mediaQuery(REDUCED_MOTION)?.matches ?? false;

/** Set once the street map could not be reached: the rest of the visit uses the bundled basemap. */
let streetMapUnreachable = false;

/** The street map failed (offline, blocked, too slow): later maps go straight to the bundled one. */
export function markStreetMapUnreachable(): void {
  streetMapUnreachable = true;
}

/**
 * Whether a new map should try the street map first: not once it failed. Offline it is tried too:
 * the service worker answers the style it kept (ours on an instance that keeps the bundled one).
 */
export const tryStreetMap = (): boolean => !streetMapUnreachable;

/**
 * Our style endpoint (decision 039): a redirect to the street map (OpenFreeMap's, or the
 * instance's MAP_STYLE_URL) unless the instance keeps the bundled basemap; `builtin` asks for
 * the bundled one whatever is configured.
 */
export const mapStyleUrl = (theme: MapTheme, basemap: 'street' | 'builtin' = 'street'): string =>
  `/api/maps/style.json?theme=${theme}${basemap === 'builtin' ? '&basemap=builtin' : ''}`;

/** West-south and east-north corners, as MapLibre's LngLatBoundsLike takes them. */
export type MapBounds = [[number, number], [number, number]];

/**
 * The bounds around points given as [lng, lat], or null when there are none. A single point (or
 * points very close together) gets a small box around it, so fitting never zooms to the street.
 */
export function boundsOf(points: readonly (readonly [number, number])[], minSpan = 0.02): MapBounds | null {
  if (points.length === 0) return null;
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (const [lng, lat] of points) {
    if (!Number.isFinite(lng) || !Number.isFinite(lat)) continue;
    west = Math.min(west, lng);
    east = Math.max(east, lng);
    south = Math.min(south, lat);
    north = Math.max(north, lat);
  }
  if (!Number.isFinite(west)) return null;
  const padLng = Math.max(0, (minSpan - (east - west)) / 2);
  const padLat = Math.max(0, (minSpan - (north - south)) / 2);
  return [
    [Math.max(-180, west - padLng), Math.max(-85, south - padLat)],
    [Math.min(180, east + padLng), Math.min(85, north + padLat)],
  ];
}

/** localStorage key that browser tests set to read the map back (pixels, pin positions). */
export const MAP_TEST_HOOKS_KEY = 'tripcrew:map-test-hooks';

/** Whether this browser asked for the map's test hooks (never on for people). */
export function mapTestHooks(): boolean {
  try {
    return localStorage.getItem(MAP_TEST_HOOKS_KEY) === '1';
  } catch {
    return false;
  }
}
