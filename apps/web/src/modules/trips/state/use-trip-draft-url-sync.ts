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

  useEffect(() => {
    if (lastDraft.current === null || lastDraft.current === draft) return;
    lastDraft.current = draft;
    const current = latestParams.current;
    const next = mergeDraftIntoQuery(current, draft);
    if (!sameQuery(current, next)) setSearchParams(next, { replace: true });
  }, [draft, setSearchParams]);

  return draft;
}
