import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isOnline, subscribeOnline } from '../../../../lib/network-status.ts';
import {
  announcePresence,
  leavePresence,
  tripPresenceKey,
  type TripPresence,
  usePresentMembers,
} from '../../api/trip-presence.ts';
import { currentEditing, subscribeEditing } from '../../api/trip-presence-editing.ts';

/** How often an open, visible trip page says it is still there (the server counts 45 s). */
export const PRESENCE_HEARTBEAT_MS = 20_000;

/**
 * One after the other, whatever the trip: a page that leaves and comes back (React's strict mode
 * does it at once) never has its DELETE overtake the PUT after it. A failure is nobody's concern:
 * the next heartbeat tries again.
 */
let chain: Promise<unknown> = Promise.resolve();
function queue(work: () => Promise<unknown>): void {
  chain = chain.then(work).catch(() => undefined);
}

const visible = () => typeof document === 'undefined' || document.visibilityState !== 'hidden';

/**
 * Mounted once by the trip page (its header): announces the caller on the trip while the page is
 * open, and answers the OTHER members present now. A heartbeat goes out on arrival, every
 * `heartbeatMs` while the page is visible, when it becomes visible or the network comes back, and
 * when an editor opens or closes (useEditingPresence); a DELETE goes out when the page goes away
 * (unmount; `pagehide` best effort). Offline nothing is sent (presence never waits in the offline
 * queue) and nobody is shown.
 */
export function useTripPresence(tripId: string, heartbeatMs: number = PRESENCE_HEARTBEAT_MS): TripPresence {
  const queryClient = useQueryClient();

  useEffect(() => {
    let active = true;
    let announced: string | null | undefined;
    const beat = () => {
      if (!active || !isOnline() || !visible()) return;
      const editing = currentEditing(tripId);
      announced = editing;
      queue(async () => {
        const others = await announcePresence(tripId, editing);
        if (active) queryClient.setQueryData(tripPresenceKey(tripId), others);
      });
    };
    const leave = () => {
      if (isOnline()) queue(() => leavePresence(tripId));
    };
    // The page is going away: at once, not behind a heartbeat still on its way.
    const onPageHide = () => {
      if (isOnline()) void leavePresence(tripId).catch(() => undefined);
    };
    const onVisibility = () => {
      if (visible()) beat();
    };
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) beat();
    };
    const offEditing = subscribeEditing((trip) => {
      if (trip === tripId && currentEditing(tripId) !== announced) beat();
    });
    const offOnline = subscribeOnline(() => {
      if (isOnline()) beat();
    });
    const timer = window.setInterval(beat, heartbeatMs);
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('pageshow', onPageShow);
    beat();
    return () => {
      active = false;
      window.clearInterval(timer);
      offEditing();
      offOnline();
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('pageshow', onPageShow);
      leave();
    };
  }, [tripId, heartbeatMs, queryClient]);

  return usePresentMembers(tripId);
}
