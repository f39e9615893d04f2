import { type ReactNode, startTransition, useEffect, useState } from 'react';
import type { Persistor } from 'redux-persist';

/**
 * Renders its children once the persisted slices are read back from localStorage (what
 * redux-persist's PersistGate does), but as a transition: React builds the first real page in
 * small slices and lets the browser paint and take input in between, instead of one long task
 * (PERF-07: total blocking time on a phone).
 */
export function PersistedGate({ persistor, children }: { persistor: Persistor; children: ReactNode }) {
  const [ready, setReady] = useState(() => persistor.getState().bootstrapped);

  useEffect(() => {
    if (ready) return undefined;
    const check = () => {
      if (persistor.getState().bootstrapped) startTransition(() => setReady(true));
    };
    const unsubscribe = persistor.subscribe(check);
    check();
    return unsubscribe;
  }, [persistor, ready]);

  return ready ? children : null;
}
