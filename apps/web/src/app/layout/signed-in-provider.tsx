import type { ReactNode } from 'react';
import { SignedInContext } from '../../components/ui/signed-in-context.ts';
import { useAppSelector } from '../store/store.ts';

/** Gives components (ProtectedPage) the signed-in state of the store's user slice. */
export function SignedInProvider({ children }: { children: ReactNode }) {
  const isAuthenticated = useAppSelector((state) => state.user.isAuthenticated);
  return <SignedInContext value={isAuthenticated}>{children}</SignedInContext>;
}
