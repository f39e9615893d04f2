import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordBody, MessageResponse } from '@tripcrew/contracts/auth';
import { api } from '../../../lib/api-client.ts';

export const CHANGE_PASSWORD_PATH = '/auth/change-password';

/** POST /auth/change-password {currentPassword, newPassword}; the other sessions are signed out. */
export function changePassword(body: ChangePasswordBody): Promise<MessageResponse> {
  return api.post<MessageResponse>(CHANGE_PASSWORD_PATH, body);
}

export function useChangePasswordMutation() {
  return useMutation({ mutationKey: ['auth', 'change-password'], mutationFn: changePassword });
}
