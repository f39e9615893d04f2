import { useMutation } from '@tanstack/react-query';
import { apiWrite } from '../../../lib/api-write.ts';
import { messageResponseSchema, type MessageResponse } from '@tripcrew/contracts/auth';

export const RECOVERY_PATH = '/auth/recovery';

/** POST /auth/recovery {email} → 200 whether or not the account exists; mails a code 1234-5678. */
export function requestPasswordRecovery(email: string): Promise<MessageResponse> {
  return apiWrite('POST', RECOVERY_PATH, { email }, messageResponseSchema);
}

export function useRecoveryMutation() {
  return useMutation({ mutationKey: ['auth', 'recovery'], mutationFn: requestPasswordRecovery });
}
