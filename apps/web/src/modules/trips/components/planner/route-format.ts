import type { RouteMode } from '@tripcrew/contracts/trip-routes';
import { lazyIntl } from '../../../../lib/lazy-intl.ts';

/** Words and numbers of the planner's distances and times (Intl, en-GB like the rest of the planner). */

const km = lazyIntl(
  () => new Intl.NumberFormat('en-GB', { style: 'unit', unit: 'kilometer', maximumFractionDigits: 1 }),
);
const kmWhole = lazyIntl(
  () => new Intl.NumberFormat('en-GB', { style: 'unit', unit: 'kilometer', maximumFractionDigits: 0 }),
);
const metre = lazyIntl(
  () => new Intl.NumberFormat('en-GB', { style: 'unit', unit: 'meter', maximumFractionDigits: 0 }),
);
const whole = lazyIntl(() => new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 }));

/** '850 m', '1.2 km', '274 km'. Under 1 km in tens of metres. */
export function formatDistance(metres: number): string {
  if (metres < 1000) return metre().format(Math.round(metres / 10) * 10);
  return metres < 100_000 ? km().format(metres / 1000) : kmWhole().format(metres / 1000);
}

/** '4 min', '1 h 5 min' (at least 1 min; "min" and "h" are SI symbols, the same for one or many). */
export function formatDuration(seconds: number): string {
  const minutes = Math.max(1, Math.round(seconds / 60));
  if (minutes < 60) return `${whole().format(minutes)} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${whole().format(hours)} h` : `${whole().format(hours)} h ${whole().format(rest)} min`;
}

export const MODE_WORD: Record<RouteMode, string> = { walking: 'walk', driving: 'drive', transit: 'transit' };

/** '1.2 km · 15 min walk' */
export function legText(distanceM: number, durationS: number, mode: RouteMode): string {
  return `${formatDistance(distanceM)} · ${formatDuration(durationS)} ${MODE_WORD[mode]}`;
}
