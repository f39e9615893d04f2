import { useQuery } from '@tanstack/react-query';
import { type Feature, searchFeatures } from '../api/search-features.ts';

/** The search's page maximum: the map reads the place's features in pages of this size. */
export const MAP_PAGE_SIZE = 50;
/** Enough for any place of the catalogue; a bigger one shows its first 5,000 (by rank). */
export const MAP_FEATURE_MAX = 5000;
/** Pages asked for at once (the browser's six connections, minus room for images). */
const PARALLEL_PAGES = 4;

/**
 * Every feature of the place (all pages of the search, a few at a time), for the map. The first
 * page says the total; the others follow in parallel. Stable order: pages are put back in order.
 */
export async function fetchAllFeatures(
  placeId: string,
  categories: readonly string[],
  signal?: AbortSignal,
  fetchPage: typeof searchFeatures = searchFeatures,
): Promise<Feature[]> {
  const first = await fetchPage({ placeId, skip: 0, limit: MAP_PAGE_SIZE, categories }, signal);
  const total = Math.min(first.total, MAP_FEATURE_MAX);
  const skips: number[] = [];
  for (let skip = MAP_PAGE_SIZE; skip < total; skip += MAP_PAGE_SIZE) skips.push(skip);
  const pages: Feature[][] = [first.data];
  let next = 0;
  const worker = async () => {
    while (next < skips.length) {
      const index = next++;
      const page = await fetchPage(
        { placeId, skip: skips[index]!, limit: MAP_PAGE_SIZE, categories },
        signal,
      );
      pages[index + 1] = page.data;
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_PAGES, skips.length) }, worker));
  return pages.flat();
}

/** The place's features for the map: one query per place and category filter (no retries on screen). */
export function useMapFeatures(placeId: string | null | undefined, categories: readonly string[]) {
  return useQuery({
    queryKey: ['features', 'map-points', placeId ?? null, categories.join(',')] as const,
    queryFn: ({ signal }) => fetchAllFeatures(placeId ?? '', categories, signal),
    enabled: Boolean(placeId),
    staleTime: 5 * 60_000,
    retry: false,
  });
}
