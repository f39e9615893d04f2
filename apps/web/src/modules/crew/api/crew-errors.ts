import { apiWrite } from '../../../lib/api-write.ts';
/** A request cancelled by the caller (a newer search, a refetch, leaving the page): no failure. */
function isCancellation(error: unknown): boolean {
  const named = (value: unknown): boolean =>
    typeof value === 'object' && value !== null && (value as { name?: unknown }).name === 'AbortError';
  return (
    named(error) ||
    (typeof error === 'object' && error !== null && named((error as { cause?: unknown }).cause))
  );
}

/** SPEC §8: crew call failures are logged only, never shown to the user. Cancellations are not failures. */
export function logCrewError(action: string, error: unknown): void {
  if (isCancellation(error)) return;
  console.error(`Crew: ${action} failed`, error);
}

/** Runs a crew call and logs its failure (still rethrown, so queries and mutations see it). */
export async function loggedCrewCall<T>(action: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    logCrewError(action, error);
    throw error;
  }
}

/**
 * A crew write (POST or DELETE) whose answer body is not needed: left unvalidated on purpose (the
 * app never reads it; the caches are updated from what the screen already knows).
 */
export async function crewWrite(method: 'POST' | 'DELETE', path: string, body?: unknown): Promise<void> {
  await apiWrite(method, path, body);
}
