import { FEATURE_PAGE_SIZE, type Feature, type FeatureSearchResponse } from '@tripcrew/contracts/features';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

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
  return api.get<FeatureSearchResponse>(FEATURE_SEARCH_PATH, {
    signal,
    query: {
      placeId: params.placeId,
      skip: params.skip,
      limit: params.limit ?? FEATURE_PAGE_SIZE,
      categories: categories.length > 0 ? categories.join(',') : undefined,
    },
  });
}

/** One page as a query (the place screen's infinite grid drives its own queue, see useFeatureFeed). */
export const featureSearchQueryOptions = (params: FeatureSearchParams) =>
  queryOptions({ queryKey: ['features', 'search', params], queryFn: () => searchFeatures(params) });
