import { useEffect, useRef, useState } from 'react';
import { useTripsDispatch, useTripsSelector } from '../../state/trips-store-hooks.ts';
import { useQueryClient } from '@tanstack/react-query';
import { offlineQueue } from '../../../../lib/offline-queue-client.ts';
import {
  applyChecklistChange,
  checklistChange,
  checklistChangeName,
  checklistPath,
  entriesOf,
  getTripChecklist,
  sendChecklistChange,
  saveChecklistChange,
} from '../../api/trip-checklist.ts';
import { tripNameOf } from '../../api/trip-offline-writes.ts';
import { selectTripChecklist, setChecklistUser, setTripChecklist } from '../../state/checklist-slice.ts';

export const CHECKLIST_SYNC_DEBOUNCE_MS = 300;

export type ChecklistSyncState = 'loading' | 'synced' | 'saving' | 'offline';

/**
 * Keeps the trip's ticks in the client store (CHECKLIST-03) in step with the server
 * (CHECKLIST-04): on open the server's entries win when it has any (unless a change made offline
 * still waits in the queue: then the local ones are newer), otherwise the local ones are pushed;
 * afterwards what each change ticked and unticked is PATCHed, debounced, through the offline
 * queue (decision 016), so two devices never untick each other's ticks (issue 35). Read-only
 * roles never write.
 */
export function useChecklistSync(
  tripId: string,
  userId: string | null,
  canWrite: boolean,
): ChecklistSyncState {
  const dispatch = useTripsDispatch();
  const queryClient = useQueryClient();
  const entries = useTripsSelector((state) => selectTripChecklist(state, tripId));
  const [state, setState] = useState<ChecklistSyncState>('loading');
  const loaded = useRef(false);
  const lastSent = useRef<string | null>(null);
  const latest = useRef(entries);
  latest.current = entries;

  useEffect(() => {
    dispatch(setChecklistUser(userId));
  }, [dispatch, userId]);

  // Initial load: server wins when it has entries; otherwise push the local ticks.
  useEffect(() => {
    let cancelled = false;
    loaded.current = false;
    setState('loading');
    Promise.all([getTripChecklist(tripId), offlineQueue().hasPending(checklistPath(tripId))])
      .then(async ([server, waiting]) => {
        if (cancelled) return;
        if (waiting) {
          lastSent.current = JSON.stringify(latest.current);
        } else if (server.length > 0) {
          dispatch(setTripChecklist({ tripId, entries: server }));
          lastSent.current = JSON.stringify(server);
        } else {
          const local = latest.current;
          lastSent.current = JSON.stringify(local);
          if (local.length > 0 && canWrite)
            await sendChecklistChange(tripId, { tick: [...local], untick: [] });
        }
        if (!cancelled) {
          loaded.current = true;
          setState('synced');
        }
      })
      .catch(() => {
        if (cancelled) return;
        // Keep working locally; later changes still try to save.
        loaded.current = true;
        setState('offline');
      });
    return () => {
      cancelled = true;
    };
  }, [tripId, canWrite, dispatch]);

  // After each change: PATCH what was ticked and unticked, debounced. The answer is the list as
  // the server holds it (with ticks from another device); changes made meanwhile stay on top.
  useEffect(() => {
    if (!loaded.current || !canWrite) return;
    const body = JSON.stringify(entries);
    if (body === lastSent.current) return;
    setState('saving');
    const timer = setTimeout(() => {
      const before = lastSent.current === null ? [] : (JSON.parse(lastSent.current) as string[]);
      lastSent.current = body;
      const change = checklistChange(before, entries);
      if (change.tick.length + change.untick.length === 0) {
        setState('synced');
        return;
      }
      const label = `${checklistChangeName(before, entries)} in ${tripNameOf(queryClient, tripId)}`;
      saveChecklistChange(tripId, change, label).then(
        (result) => {
          const server = result.queued ? null : entriesOf(result.data);
          if (server) {
            const meanwhile = checklistChange(entries, latest.current);
            lastSent.current = JSON.stringify(server);
            const merged = applyChecklistChange(server, meanwhile);
            if (JSON.stringify(merged) !== JSON.stringify(latest.current))
              dispatch(setTripChecklist({ tripId, entries: merged }));
          }
          setState(result.queued ? 'offline' : 'synced');
        },
        () => setState('offline'),
      );
    }, CHECKLIST_SYNC_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [entries, tripId, canWrite, queryClient, dispatch]);

  return state;
}
