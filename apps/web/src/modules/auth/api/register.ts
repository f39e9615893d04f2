import { useMutation } from '@tanstack/react-query';
import { apiWrite } from '../../../lib/api-write.ts';
import { registerResponseSchema, type RegisterResponse } from '@tripcrew/contracts/auth';

export const REGISTER_PATH = '/auth/register';

/** What the registration sends (SPEC §7): never the phone, which the form collects but keeps. */
export interface RegisterPayload {
  name: string;
  lastName: string;
  email: string;
  password: string;
}

/** POST /auth/register {name, lastName, email, password} → 201; mails a code and an activation link. */
export function registerAccount({
  name,
  lastName,
  email,
  password,
}: RegisterPayload): Promise<RegisterResponse> {
  return apiWrite('POST', REGISTER_PATH, { name, lastName, email, password }, registerResponseSchema);
}

export function useRegisterMutation() {
  return useMutation({ mutationKey: ['auth', 'register'], mutationFn: registerAccount });
}
