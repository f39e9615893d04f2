import { useMutation } from '@tanstack/react-query';
import { sessionSchema, type LoginBody, type Session } from '@tripcrew/contracts/auth';
import { apiSend } from '../../../lib/api-client.ts';

export const LOGIN_PATH = '/auth/login';

/** POST /auth/login {email, password}: the user with a fresh session (401 wrong credentials, 403 UNCONFIRMED). */
export function loginWithPassword(body: LoginBody): Promise<Session> {
  return apiSend('POST', LOGIN_PATH, body, sessionSchema);
}

export function useLoginMutation() {
  return useMutation({ mutationKey: ['auth', 'login'], mutationFn: loginWithPassword });
}
