import { apiWrite } from '../../../lib/api-write.ts';
export const LOGOUT_PATH = '/auth/logout';

/**
 * POST /auth/logout {refreshToken}: ends that session server-side (no body when there is none).
 * Left unvalidated on purpose: the app does not read the answer (sign-out goes on whatever it is),
 * and this runs in the first download, where zod must not be loaded for nothing.
 */
export function postLogout(refreshToken: string | null): Promise<unknown> {
  return apiWrite<unknown>('POST', LOGOUT_PATH, refreshToken ? { refreshToken } : undefined);
}
