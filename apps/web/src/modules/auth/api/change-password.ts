import { useMutation } from '@tanstack/react-query';
import {
  messageResponseSchema,
  type ChangePasswordBody,
  type MessageResponse,
} from '@tripcrew/contracts/auth';
import { apiSend } from '../../../lib/api-client.ts';

export const CHANGE_PASSWORD_PATH = '/auth/change-password';

/** POST /auth/change-password {currentPassword, newPassword}; the other sessions are signed out. */
export function changePassword(body: ChangePasswordBody): Promise<MessageResponse> {
  return apiSend('POST', CHANGE_PASSWORD_PATH, body, messageResponseSchema);
}

export function useChangePasswordMutation() {
  return useMutation({ mutationKey: ['auth', 'change-password'], mutationFn: changePassword });
}
