import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiWrite } from '../../../lib/api-write.ts';
import {
  messageResponseSchema,
  sessionSchema,
  type LoginTwoFactorBody,
  type MessageResponse,
  type Session,
} from '@tripcrew/contracts/auth';
import {
  recoveryCodesSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
  type RecoveryCodes,
  type TwoFactorCodeBody,
  type TwoFactorConfirmBody,
  type TwoFactorDisableBody,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '@tripcrew/contracts/auth-two-factor';
import { apiGet } from '../../../lib/api-client.ts';

export const TWO_FACTOR_PATH = '/auth/two-factor';
export const LOGIN_TWO_FACTOR_PATH = '/auth/login/two-factor';

/** POST /auth/login/two-factor {challenge, code}: the session of a sign-in that asked for a code. */
export function loginWithSecondFactor(body: LoginTwoFactorBody): Promise<Session> {
  return apiWrite('POST', LOGIN_TWO_FACTOR_PATH, body, sessionSchema);
}

export function useLoginTwoFactorMutation() {
  return useMutation({ mutationKey: ['auth', 'login', 'two-factor'], mutationFn: loginWithSecondFactor });
}

export const twoFactorStatusQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'two-factor'] as const,
    queryFn: (): Promise<TwoFactorStatus> => apiGet(TWO_FACTOR_PATH, twoFactorStatusSchema),
  });

/** GET /auth/two-factor: on or off, and the recovery codes left. */
export function useTwoFactorStatus() {
  return useQuery(twoFactorStatusQueryOptions());
}

/** After a change, the status is read again. */
function useTwoFactorMutation<Body, Answer>(name: string, send: (body: Body) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['auth', 'two-factor', name],
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['auth', 'two-factor'] }),
  });
}

/** POST /auth/two-factor/setup: a new secret, its URI and QR code (pending until confirmed). */
export function useTwoFactorSetupMutation() {
  return useTwoFactorMutation<void, TwoFactorSetup>('setup', () =>
    apiWrite('POST', `${TWO_FACTOR_PATH}/setup`, undefined, twoFactorSetupSchema),
  );
}

/** POST /auth/two-factor/confirm {code}: on, with the ten recovery codes (shown once). */
export function useTwoFactorConfirmMutation() {
  return useTwoFactorMutation<TwoFactorConfirmBody, RecoveryCodes>('confirm', (body) =>
    apiWrite('POST', `${TWO_FACTOR_PATH}/confirm`, body, recoveryCodesSchema),
  );
}

/** POST /auth/two-factor/recovery-codes {code}: new recovery codes replace the old ones. */
export function useRecoveryCodesMutation() {
  return useTwoFactorMutation<TwoFactorCodeBody, RecoveryCodes>('recovery-codes', (body) =>
    apiWrite('POST', `${TWO_FACTOR_PATH}/recovery-codes`, body, recoveryCodesSchema),
  );
}

/** POST /auth/two-factor/disable {password, code}. */
export function useTwoFactorDisableMutation() {
  return useTwoFactorMutation<TwoFactorDisableBody, MessageResponse>('disable', (body) =>
    apiWrite('POST', `${TWO_FACTOR_PATH}/disable`, body, messageResponseSchema),
  );
}
