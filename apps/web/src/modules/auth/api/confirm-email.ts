import { useMutation } from '@tanstack/react-query';
import type { ConfirmBody, Session } from '@tripcrew/contracts/auth';
import { api } from '../../../lib/api-client.ts';

export const CONFIRM_PATH = '/auth/confirm';

/** POST /auth/confirm {email, code}: activates the account and returns a session. */
export function confirmEmail(body: ConfirmBody): Promise<Session> {
  return api.post<Session>(CONFIRM_PATH, body);
}

export function useConfirmEmailMutation() {
  return useMutation({ mutationKey: ['auth', 'confirm'], mutationFn: confirmEmail });
}
