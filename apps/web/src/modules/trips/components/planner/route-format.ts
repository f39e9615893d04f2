import type { RouteMode } from '@tripcrew/contracts/trip-routes';
import { formatDistance, formatDuration } from '../../../../lib/format/distance.ts';

/** Words of the planner's legs; their distances and times are lib/format's. */

export const MODE_WORD: Record<RouteMode, string> = { walking: 'walk', driving: 'drive', transit: 'transit' };

/** '1.2 km · 15 min walk' */
export function legText(distanceM: number, durationS: number, mode: RouteMode): string {
  return `${formatDistance(distanceM)} · ${formatDuration(durationS)} ${MODE_WORD[mode]}`;
}
