import { useMutation } from '@tanstack/react-query';
import { apiWrite } from '../../../lib/api-write.ts';
import { loginResponseSchema, type LoginBody, type LoginResponse } from '@tripcrew/contracts/auth';

export const LOGIN_PATH = '/auth/login';

/**
 * POST /auth/login {email, password}: the user with a fresh session, or (two-factor sign-in on)
 * the challenge of the second step (401 wrong credentials, 403 UNCONFIRMED).
 */
export function loginWithPassword(body: LoginBody): Promise<LoginResponse> {
  return apiWrite('POST', LOGIN_PATH, body, loginResponseSchema);
}

export function useLoginMutation() {
  return useMutation({ mutationKey: ['auth', 'login'], mutationFn: loginWithPassword });
}
