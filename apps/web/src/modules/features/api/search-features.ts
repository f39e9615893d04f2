import { FEATURE_PAGE_SIZE } from '@tripcrew/contracts/constants';
import type { Feature, FeatureSearchResponse } from '@tripcrew/contracts/features';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';

export type { Feature, FeatureSearchResponse };
export { FEATURE_PAGE_SIZE };

export interface FeatureSearchParams {
  placeId: string;
  skip: number;
  limit?: number;
  /** Category titles from the page query string, sent comma-separated. */
  categories?: readonly string[];
}

export const FEATURE_SEARCH_PATH = '/core/features/search/';

/** GET /core/features/search/?placeId&skip&limit[&categories] → { data, total }. */
export function searchFeatures(
  params: FeatureSearchParams,
  signal?: AbortSignal,
): Promise<FeatureSearchResponse> {
  const categories = params.categories?.filter((title) => title.trim() !== '') ?? [];
  // The schema loads beside the request (this file shares a chunk with the trip page's first render).
  const schema = import('@tripcrew/contracts/features').then((module) => module.featureSearchResponseSchema);
  return apiGet(FEATURE_SEARCH_PATH, schema, {
    signal,
    query: {
      placeId: params.placeId,
      skip: params.skip,
      limit: params.limit ?? FEATURE_PAGE_SIZE,
      categories: categories.length > 0 ? categories.join(',') : undefined,
    },
  });
}

/**
 * One page of a place's features as a query (the feature map's first 50). The place screen's
 * grid pages through the same search with its own useInfiniteQuery (useFeatureFeed).
 */
export const featureSearchQueryOptions = (params: FeatureSearchParams) =>
  queryOptions({
    queryKey: ['features', 'search', params] as const,
    queryFn: ({ signal }) => searchFeatures(params, signal),
  });
