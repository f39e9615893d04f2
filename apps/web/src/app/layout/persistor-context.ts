import { createContext, useContext } from 'react';
import type { Persistor } from 'redux-persist';

/** Gives layout code access to the redux-persist persistor (to flush before a full reload). */
export const PersistorContext = createContext<Persistor | null>(null);

export function usePersistor(): Persistor | null {
  return useContext(PersistorContext);
}
