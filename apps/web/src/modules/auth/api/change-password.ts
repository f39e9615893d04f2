import { useMutation } from '@tanstack/react-query';
import { apiWrite } from '../../../lib/api-write.ts';
import {
  messageResponseSchema,
  type ChangePasswordBody,
  type MessageResponse,
} from '@tripcrew/contracts/auth';

export const CHANGE_PASSWORD_PATH = '/auth/change-password';

/** POST /auth/change-password {currentPassword, newPassword}; the other sessions are signed out. */
export function changePassword(body: ChangePasswordBody): Promise<MessageResponse> {
  return apiWrite('POST', CHANGE_PASSWORD_PATH, body, messageResponseSchema);
}

export function useChangePasswordMutation() {
  return useMutation({ mutationKey: ['auth', 'change-password'], mutationFn: changePassword });
}
