import type { Persistor } from 'redux-persist';

/**
 * Saved state (theme, cookie choice, draft trip, …) reaches localStorage a moment after it changes:
 * redux-persist writes from a timer. A reload or a closed tab right after a change would lose it,
 * so the pending writes are made at once when the page goes away. Returns the clean-up.
 */
export function saveOnPageHide(persistor: Persistor, target: Window = window): () => void {
  const save = () => void persistor.flush();
  target.addEventListener('pagehide', save);
  return () => target.removeEventListener('pagehide', save);
}
