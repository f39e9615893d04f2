import { api, isApiError } from '../../../lib/api-client.ts';

/** SPEC §8: crew call failures are logged only, never shown to the user. */
export function logCrewError(action: string, error: unknown): void {
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
 * A crew write (POST or DELETE) that also takes 204 No Content as success: the client accepts only
 * 200/201, and an API answering these routes with 204 must not look like a failure.
 */
export async function crewWrite(method: 'POST' | 'DELETE', path: string, body?: unknown): Promise<void> {
  try {
    if (method === 'POST') await api.post<unknown>(path, body);
    else await api.delete<unknown>(path, body);
  } catch (error) {
    if (isApiError(error) && error.status === 204) return;
    throw error;
  }
}
