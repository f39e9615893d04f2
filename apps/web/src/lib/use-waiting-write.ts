import { useEffect, useRef, useState } from 'react';
import type { WaitingWrite } from './offline-queue.ts';

export type { WaitingWrite };

/**
 * Whether one of the signed-in user's writes waiting in the offline queue (decision 016) matches
 * `matches`: an edit made offline is shown at once and marked as waiting until it is sent (issue
 * 35). The queue's code loads apart from the page's, on first use, as for the writes themselves.
 */
export function useWaitingWrite(matches: (write: WaitingWrite) => boolean): boolean {
  const [waiting, setWaiting] = useState(false);
  const latest = useRef(matches);
  latest.current = matches;
  useEffect(() => {
    let live = true;
    let stop: (() => void) | undefined;
    void import('./offline-queue-client.ts')
      .then(({ offlineQueue }) => {
        if (!live) return;
        const queue = offlineQueue();
        const read = () => setWaiting(queue.getState().waiting.some((write) => latest.current(write)));
        read();
        stop = queue.subscribe(read);
      })
      .catch(() => undefined);
    return () => {
      live = false;
      stop?.();
    };
  }, []);
  return waiting;
}
