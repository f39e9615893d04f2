import { useMutation } from '@tanstack/react-query';
import { apiWrite } from '../../../lib/api-write.ts';
import { sessionSchema, type ConfirmBody, type Session } from '@tripcrew/contracts/auth';

export const CONFIRM_PATH = '/auth/confirm';

/** POST /auth/confirm {email, code}: activates the account and returns a session. */
export function confirmEmail(body: ConfirmBody): Promise<Session> {
  return apiWrite('POST', CONFIRM_PATH, body, sessionSchema);
}

export function useConfirmEmailMutation() {
  return useMutation({ mutationKey: ['auth', 'confirm'], mutationFn: confirmEmail });
}
