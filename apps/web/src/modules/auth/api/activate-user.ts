import { tokenPairSchema, type TokenPair } from '@tripcrew/contracts/auth';
import { apiSend } from '../../../lib/api-client.ts';

export const ACTIVATE_USER_PATH = '/auth/networks/activate-user';

/**
 * POST /auth/networks/activate-user {token} → {accessToken, refreshToken}. The token (activation
 * link or social-login return) is single use, so concurrent calls for the same token share one request.
 */
const flights = new Map<string, Promise<TokenPair>>();

export function activateUser(token: string): Promise<TokenPair> {
  const pending = flights.get(token);
  if (pending) return pending;
  // While in flight, a second caller (e.g. a StrictMode re-run of the same effect) joins this call.
  const flight = apiSend('POST', ACTIVATE_USER_PATH, { token }, tokenPairSchema).finally(() => {
    flights.delete(token);
  });
  flights.set(token, flight);
  return flight;
}
