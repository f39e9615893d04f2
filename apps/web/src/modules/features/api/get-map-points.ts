import type { FeatureMapPoint, FeatureMapPointsResponse } from '@tripcrew/contracts/features';
import { apiGet } from '../../../lib/api-client.ts';

export type { FeatureMapPoint, FeatureMapPointsResponse };

export const MAP_POINTS_PATH = '/core/features/map-points';

/**
 * GET /core/features/map-points?placeId[&categories] → { data, total }: every positioned feature of
 * the place (at most 5,000, by rank) in one answer, only what a map draws of each.
 */
export function getMapPoints(
  placeId: string,
  categories: readonly string[],
  signal?: AbortSignal,
): Promise<FeatureMapPointsResponse> {
  const names = categories.filter((title) => title.trim() !== '');
  const schema = import('@tripcrew/contracts/features').then(
    (module) => module.featureMapPointsResponseSchema,
  );
  return apiGet(MAP_POINTS_PATH, schema, {
    signal,
    query: { placeId, categories: names.length > 0 ? names.join(',') : undefined },
  });
}
