import { useEffect, useRef } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useSearchParams } from 'react-router';
import { fillFromQuery, type TripDraft } from './trip-draft-slice.ts';
import { draftFromQuery, mergeDraftIntoQuery, sameQuery } from './trip-draft-url.ts';

export interface TripDraftUrlSyncOptions {
  /** Clock used for the default dates (next Monday); read once, at start. */
  now?: () => Date;
}

/**
 * STATE-18: loads the trip draft from the URL query once at start, then writes the draft back to
 * the query (replacing the history entry; other parameters are kept) whenever the draft changes.
 * Needs the store's nextTrip slice and a react-router context. Returns the current draft.
 */
export function useTripDraftUrlSync(options: TripDraftUrlSyncOptions = {}): TripDraft {
  const dispatch = useDispatch();
  const draft = useSelector((state: { nextTrip: TripDraft }) => state.nextTrip);
  const [searchParams, setSearchParams] = useSearchParams();

  const latestParams = useRef(searchParams);
  const clock = useRef(options.now);
  /** The draft last seen by the writer; null until the URL has been loaded. */
  const lastDraft = useRef<TripDraft | null>(null);

  useEffect(() => {
    latestParams.current = searchParams;
  }, [searchParams]);

  useEffect(() => {
    if (lastDraft.current !== null) return;
    lastDraft.current = draft; // the pre-load draft: not written back
    const now = clock.current?.() ?? new Date();
    dispatch(fillFromQuery(draftFromQuery(latestParams.current, now)));
    // Load once, at start.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dispatch]);

  /** Whether the first write (the draft as loaded, defaults filled in) has been scheduled. */
  const firstWriteScheduled = useRef(false);

  useEffect(() => {
    if (lastDraft.current === null || lastDraft.current === draft) return;
    const write = () => {
      lastDraft.current = draft;
      const current = latestParams.current;
      const next = mergeDraftIntoQuery(current, draft);
      if (!sameQuery(current, next)) setSearchParams(next, { replace: true });
    };
    if (firstWriteScheduled.current) {
      write();
      return;
    }
    // A URL change is a router navigation: the page renders again and the router reads the scroll
    // position, which forces a style and layout pass. Right after start that would land in the
    // middle of the first render (PERF-07), so the loaded draft is written once the page is idle.
    // A change before then drops this pending write and is written at once.
    firstWriteScheduled.current = true;
    return whenIdle(write);
  }, [draft, setSearchParams]);

  return draft;
}

/** Runs `task` when the browser is idle (within a second); returns a cancel function. */
function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout: FIRST_WRITE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(task, 0);
  return () => window.clearTimeout(timer);
}

const FIRST_WRITE_TIMEOUT_MS = 1000;
