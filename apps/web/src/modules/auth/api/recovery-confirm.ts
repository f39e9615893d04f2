import { useMutation } from '@tanstack/react-query';
import type { MessageResponse, RecoveryConfirmBody } from '@tripcrew/contracts/auth';
import { api } from '../../../lib/api-client.ts';

export const RECOVERY_CONFIRM_PATH = '/auth/recovery-confirm';

/** POST /auth/recovery-confirm {email, code, password}: sets the new password, ends every session. */
export function confirmPasswordRecovery(body: RecoveryConfirmBody): Promise<MessageResponse> {
  return api.post<MessageResponse>(RECOVERY_CONFIRM_PATH, body);
}

export function useRecoveryConfirmMutation() {
  return useMutation({ mutationKey: ['auth', 'recovery-confirm'], mutationFn: confirmPasswordRecovery });
}
