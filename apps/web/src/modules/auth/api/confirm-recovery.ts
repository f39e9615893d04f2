import { useMutation } from '@tanstack/react-query';
import { apiWrite } from '../../../lib/api-write.ts';
import {
  messageResponseSchema,
  type MessageResponse,
  type RecoveryConfirmBody,
} from '@tripcrew/contracts/auth';

export const RECOVERY_CONFIRM_PATH = '/auth/recovery-confirm';

/** POST /auth/recovery-confirm {email, code, password}: sets the new password, ends every session. */
export function confirmPasswordRecovery(body: RecoveryConfirmBody): Promise<MessageResponse> {
  return apiWrite('POST', RECOVERY_CONFIRM_PATH, body, messageResponseSchema);
}

export function useRecoveryConfirmMutation() {
  return useMutation({ mutationKey: ['auth', 'recovery-confirm'], mutationFn: confirmPasswordRecovery });
}
