import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { FEATURE_PAGE_SIZE, type Feature, searchFeatures } from '../api/search-features.ts';

export const FEATURES_ERROR = 'Error fetching features';
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

export function nearBottom(threshold = SCROLL_THRESHOLD_PX): boolean {
  const scrolled = window.scrollY + window.innerHeight;
  return scrolled >= document.documentElement.scrollHeight - threshold;
}

/**
 * The place screen's infinite feature list: pages of 10, one load at a time (a load asked for
 * while one runs is queued and starts 100 ms after it), skipped when there is no place id or
 * everything is loaded; reset (total -1, offset 0, empty list) and reloaded when the place or the
 * categories change; the window scroll (throttled to 200 ms) loads near the bottom.
 */
export function useFeatureFeed(
  placeId: string | null | undefined,
  categories: readonly string[],
): FeatureFeed {
  const [features, setFeatures] = useState<Feature[]>([]);
  const [total, setTotal] = useState(-1);
  const [loading, setLoading] = useState(false);
  const state = useRef({
    offset: 0,
    total: -1,
    loaded: 0,
    ids: new Set<string>(),
    busy: false,
    queued: false,
    generation: 0,
  });
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  const params = useRef({ placeId, categories });
  const categoriesKey = categories.join(',');

  const later = (fn: () => void, ms: number) => {
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      fn();
    }, ms);
    timers.current.add(timer);
  };

  const load = useCallback(function loadPage(): void {
    const current = state.current;
    const { placeId: id, categories: cats } = params.current;
    if (!id) return;
    if (current.total !== -1 && current.loaded >= current.total) return;
    if (current.busy) {
      current.queued = true;
      return;
    }
    current.busy = true;
    setLoading(true);
    const generation = current.generation;
    searchFeatures({ placeId: id, skip: current.offset, limit: FEATURE_PAGE_SIZE, categories: cats })
      .then((page) => {
        if (generation !== state.current.generation) return;
        current.offset += FEATURE_PAGE_SIZE;
        current.total = page.total;
        setTotal(page.total);
        const fresh = page.data.filter((feature) => !current.ids.has(feature._id));
        fresh.forEach((feature) => current.ids.add(feature._id));
        current.loaded = current.ids.size;
        setFeatures((list) => [...list, ...fresh]);
        // An empty page means the end, whatever the total says.
        if (page.data.length === 0) current.loaded = Math.max(current.loaded, page.total);
      })
      .catch(() => {
        if (generation !== state.current.generation) return;
        toast.error(FEATURES_ERROR, { toastId: 'features-error' });
        current.queued = false;
      })
      .finally(() => {
        if (generation !== state.current.generation) return;
        current.busy = false;
        setLoading(false);
        if (current.queued) {
          current.queued = false;
          later(loadPage, QUEUE_PAUSE_MS);
        }
      });
  }, []);

  // Reset and reload when the place (or the category filter) changes.
  useEffect(() => {
    params.current = { placeId, categories: categoriesKey ? categoriesKey.split(',') : [] };
    const generation = state.current.generation + 1;
    state.current = {
      offset: 0,
      total: -1,
      loaded: 0,
      ids: new Set<string>(),
      busy: false,
      queued: false,
      generation,
    };
    timers.current.forEach(clearTimeout);
    timers.current.clear();
    setFeatures([]);
    setTotal(-1);
    setLoading(false);
    load();
  }, [placeId, categoriesKey, load]);

  // Throttled scroll handler: at most one check per 200 ms, plus a trailing one.
  useEffect(() => {
    let last = 0;
    let trailing: ReturnType<typeof setTimeout> | null = null;
    const check = () => {
      last = Date.now();
      if (nearBottom()) load();
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
  }, [load]);

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);

  return { features, total, loading, loadMore: load };
}
