import { useMutation } from '@tanstack/react-query';
import { apiWrite } from '../../../lib/api-write.ts';
import {
  messageResponseSchema,
  type ChangePasswordBody,
  type MessageResponse,
  type RecoveryConfirmBody,
} from '@tripcrew/contracts/auth';

/** A new password sent as POST /auth/{name} with the form's body, answered by a message. */
function usePasswordMutation<Body>(name: 'change-password' | 'recovery-confirm') {
  return useMutation({
    mutationKey: ['auth', name],
    mutationFn: (body: Body): Promise<MessageResponse> =>
      apiWrite('POST', `/auth/${name}`, body, messageResponseSchema),
  });
}

/** POST /auth/change-password {currentPassword, newPassword}; the other sessions are signed out. */
export const useChangePasswordMutation = () => usePasswordMutation<ChangePasswordBody>('change-password');

/** POST /auth/recovery-confirm {email, code, password}: sets the new password, ends every session. */
export const useRecoveryConfirmMutation = () => usePasswordMutation<RecoveryConfirmBody>('recovery-confirm');
