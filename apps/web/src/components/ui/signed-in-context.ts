import { createContext, useContext } from 'react';

/**
 * Whether a user is signed in, for components that only need to know that (ProtectedPage). The
 * app provides it from its store (app/layout/signed-in-provider.tsx); components never read the
 * store themselves.
 */
export const SignedInContext = createContext(false);

export function useSignedIn(): boolean {
  return useContext(SignedInContext);
}
