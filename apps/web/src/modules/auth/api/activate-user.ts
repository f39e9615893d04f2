import { activateUserResponseSchema, type ActivateUserResponse } from '@tripcrew/contracts/auth';
import { apiWrite } from '../../../lib/api-write.ts';

export const ACTIVATE_USER_PATH = '/auth/networks/activate-user';

/**
 * POST /auth/networks/activate-user {token} → {accessToken, refreshToken}, or the challenge of a
 * second step (a social sign-in with two-factor sign-in on). The token (activation link or
 * social-login return) is single use, so concurrent calls for the same token share one request.
 */
const flights = new Map<string, Promise<ActivateUserResponse>>();

export function activateUser(token: string): Promise<ActivateUserResponse> {
  const pending = flights.get(token);
  if (pending) return pending;
  // While in flight, a second caller (e.g. a StrictMode re-run of the same effect) joins this call.
  const flight = apiWrite('POST', ACTIVATE_USER_PATH, { token }, activateUserResponseSchema).finally(() => {
    flights.delete(token);
  });
  flights.set(token, flight);
  return flight;
}
