import { msg } from '@lingui/core/macro';
import { type InfiniteData, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { toast } from 'react-toastify';
import { i18n } from '../../../lib/i18n/i18n.ts';
import {
  FEATURE_PAGE_SIZE,
  type Feature,
  type FeatureSearchResponse,
  searchFeatures,
} from '../api/search-features.ts';

/** SPEC §9's toast when a page of features fails (a message, resolved when shown). */
export const FEATURES_ERROR = msg`Error fetching features`;
/** SPEC §9: load when within 100 px of the bottom; scroll handler throttled to 200 ms; 100 ms between queued loads. */
export const SCROLL_THRESHOLD_PX = 100;
export const SCROLL_THROTTLE_MS = 200;
export const QUEUE_PAUSE_MS = 100;

export interface FeatureFeed {
  features: Feature[];
  /** -1 until the first page answered. */
  total: number;
  loading: boolean;
  loadMore: () => void;
}

type FeedData = InfiniteData<FeatureSearchResponse, number>;

const NO_FEATURES: Feature[] = [];

export function nearBottom(threshold = SCROLL_THRESHOLD_PX): boolean {
  const scrolled = window.scrollY + window.innerHeight;
  return scrolled >= document.documentElement.scrollHeight - threshold;
}

/** The feed's query key: one feed per place and category filter. */
export const featureFeedKey = (placeId: string | null | undefined, categoriesKey: string) =>
  ['features', 'feed', placeId ?? null, categoriesKey] as const;

/**
 * The skip of the page after `last` (asked for at `lastSkip`): none once the total is reached, or
 * when a page came back empty (the end, whatever the total says).
 */
export function nextFeatureSkip(last: FeatureSearchResponse, lastSkip: number): number | undefined {
  const next = lastSkip + FEATURE_PAGE_SIZE;
  return last.data.length === 0 || next >= last.total ? undefined : next;
}

function hasMore(data: FeedData | undefined): boolean {
  const last = data?.pages.at(-1);
  const lastSkip = data?.pageParams.at(-1);
  return !last || lastSkip === undefined || nextFeatureSkip(last, lastSkip) !== undefined;
}

/** The loaded pages as one list, each feature once. */
function flatten(data: Pick<FeedData, 'pages'> | undefined): Feature[] {
  if (!data) return NO_FEATURES;
  const seen = new Set<string>();
  return data.pages
    .flatMap((page) => page.data)
    .filter((feature) => !seen.has(feature._id) && Boolean(seen.add(feature._id)));
}

/** Calls `onNearBottom` on window scroll near the bottom, at most once per 200 ms plus a trailing call. */
function useThrottledScroll(onNearBottom: () => void): void {
  useEffect(() => {
    let last = 0;
    let trailing: ReturnType<typeof setTimeout> | null = null;
    const check = () => {
      last = Date.now();
      if (nearBottom()) onNearBottom();
    };
    const onScroll = () => {
      const wait = SCROLL_THROTTLE_MS - (Date.now() - last);
      if (wait <= 0) {
        check();
      } else if (!trailing) {
        trailing = setTimeout(() => {
          trailing = null;
          check();
        }, wait);
      }
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (trailing) clearTimeout(trailing);
    };
  }, [onNearBottom]);
}

interface FeedQueue {
  /** A load was asked for while the feed was busy: it runs 100 ms after the feed is free. */
  queued: boolean;
  timers: Set<ReturnType<typeof setTimeout>>;
}

const newQueue = (): FeedQueue => ({ queued: false, timers: new Set() });

/**
 * The place screen's infinite feature list, one `useInfiniteQuery` (PLACE-09..13, 16): pages of 10
 * (skip 0, 10, 20… until the total); one load at a time: a load asked for while a page loads, or
 * while its cards are still being built, is queued and starts 100 ms after; skipped when there is
 * no place id or everything is loaded. A new place or category filter is a new query (total -1,
 * offset 0, empty list), and a place left is forgotten (gcTime 0): coming back starts again from
 * the first page. The window scroll (throttled to 200 ms) loads near the bottom.
 */
export function useFeatureFeed(
  placeId: string | null | undefined,
  categories: readonly string[],
): FeatureFeed {
  const queryClient = useQueryClient();
  const categoriesKey = categories.join(',');
  const queryKey = useMemo(() => featureFeedKey(placeId, categoriesKey), [placeId, categoriesKey]);
  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) =>
      searchFeatures(
        {
          placeId: placeId ?? '',
          skip: pageParam,
          limit: FEATURE_PAGE_SIZE,
          categories: categoriesKey ? categoriesKey.split(',') : [],
        },
        signal,
      ),
    initialPageParam: 0,
    getNextPageParam: (last, _pages, lastSkip) => nextFeatureSkip(last, lastSkip),
    enabled: Boolean(placeId),
    // The feed grows by scrolling only: a refetch would ask for every loaded page again.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });
  const { fetchNextPage } = query;

  const loaded = useMemo(() => flatten(query.data), [query.data]);
  // New cards are built in a transition (in slices, the page stays responsive), not in the update
  // that brings the page (PERF-07); the feed counts as loading until they are on screen.
  const features = useDeferredValue(loaded);
  const onScreen = features === loaded;
  const settled = useRef(onScreen);

  const queue = useRef(newQueue());
  useEffect(() => {
    const current = newQueue();
    queue.current = current;
    return () => current.timers.forEach(clearTimeout);
  }, [queryKey]);

  const { load, retryLater } = useMemo(() => {
    /** The queued load, if any, 100 ms from now (it checks again whether the feed is free). */
    const later = (current: FeedQueue) => {
      if (queue.current !== current || !current.queued) return;
      current.queued = false;
      const timer = setTimeout(() => {
        current.timers.delete(timer);
        next();
      }, QUEUE_PAUSE_MS);
      current.timers.add(timer);
    };
    // Reads the query's live state, not the last render's: a page may have landed since.
    const next = (): void => {
      if (!placeId || !hasMore(queryClient.getQueryData<FeedData>(queryKey))) return;
      const current = queue.current;
      const running = queryClient.isFetching({ queryKey, exact: true }) > 0;
      if (!running && settled.current) {
        void fetchNextPage({ cancelRefetch: false });
        return;
      }
      if (current.queued) return;
      current.queued = true;
      // Waits for the page that loads (this joins it, no second request); a failure drops the queue.
      if (running) {
        void fetchNextPage({ cancelRefetch: false }).then((result) => {
          if (result.isError) current.queued = false;
          else later(current);
        });
      }
    };
    return { load: next, retryLater: later };
  }, [placeId, queryKey, queryClient, fetchNextPage]);

  useLayoutEffect(() => {
    settled.current = onScreen;
    if (onScreen) retryLater(queue.current);
  }, [onScreen, retryLater]);

  useThrottledScroll(load);

  const { isError, errorUpdatedAt } = query;
  useEffect(() => {
    if (isError) toast.error(i18n._(FEATURES_ERROR), { toastId: 'features-error' });
  }, [isError, errorUpdatedAt]);

  return {
    features,
    total: query.data?.pages.at(-1)?.total ?? -1,
    loading: query.isFetching || !onScreen,
    loadMore: load,
  };
}
