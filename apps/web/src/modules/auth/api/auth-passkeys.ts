import { startAuthentication, startRegistration } from '@simplewebauthn/browser';
import { apiWrite } from '../../../lib/api-write.ts';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { sessionSchema, type Session } from '@tripcrew/contracts/auth';
import {
  authenticationOptionsResponseSchema,
  passkeySchema,
  passkeysResponseSchema,
  registrationOptionsResponseSchema,
  type Passkey,
} from '@tripcrew/contracts/auth-passkeys';
import { okSchema } from '@tripcrew/contracts/common';
import { apiGet, type ResponseSchema } from '../../../lib/api-client.ts';

export const PASSKEYS_PATH = '/auth/passkeys';
export const PASSKEY_LOGIN_PATH = '/auth/passkeys/login';
const passkeysKey = ['auth', 'passkeys'] as const;

/** Whether this browser can create and use passkeys at all. */
export function browserSupportsPasskeys(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

/** GET /auth/passkeys: the signed-in user's passkeys, newest first. */
export function usePasskeys() {
  return useQuery({
    queryKey: passkeysKey,
    queryFn: () => apiGet(PASSKEYS_PATH, passkeysResponseSchema),
  });
}

/** POST /auth/passkeys/{ceremony}-options: what the browser's ceremony needs from the API. */
const ceremonyOptions = <T>(ceremony: 'registration' | 'authentication', schema: ResponseSchema<T>) =>
  apiWrite('POST', `${PASSKEYS_PATH}/${ceremony}-options`, undefined, schema);

/**
 * Adds a passkey: registration options from the API, the browser's ceremony (the authenticator
 * asks the user), then POST /auth/passkeys with the answer. Browser refusals reject with its
 * error (see passkeyErrorMessage).
 */
export async function addPasskey(name?: string): Promise<Passkey> {
  const { options } = await ceremonyOptions('registration', registrationOptionsResponseSchema);
  const response = await startRegistration({
    optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
  });
  return apiWrite('POST', PASSKEYS_PATH, { response, ...(name ? { name } : {}) }, passkeySchema);
}

/** A change of my passkeys: the list refetches once the server has it. */
function usePasskeysChange<TVariables, TResult>(
  action: 'add' | 'rename' | 'remove',
  mutationFn: (variables: TVariables) => Promise<TResult>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['auth', 'passkeys', action],
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeysKey }),
  });
}

export function useAddPasskeyMutation() {
  return usePasskeysChange('add', (name?: string) => addPasskey(name));
}

export function useRenamePasskeyMutation() {
  return usePasskeysChange('rename', ({ id, name }: { id: string; name: string }) =>
    apiWrite('PATCH', `${PASSKEYS_PATH}/${encodeURIComponent(id)}`, { name }, passkeySchema),
  );
}

export function useRemovePasskeyMutation() {
  return usePasskeysChange('remove', (id: string) =>
    apiWrite('DELETE', `${PASSKEYS_PATH}/${encodeURIComponent(id)}`, undefined, okSchema),
  );
}

/**
 * Signs in with a passkey (discoverable: the authenticator offers the accounts it holds): sign-in
 * options, the browser's ceremony, then POST /auth/passkeys/login. Answers like POST /auth/login.
 */
export async function signInWithPasskey(): Promise<Session> {
  const { challengeId, options } = await ceremonyOptions(
    'authentication',
    authenticationOptionsResponseSchema,
  );
  const response = await startAuthentication({
    optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
  });
  return apiWrite('POST', PASSKEY_LOGIN_PATH, { challengeId, response }, sessionSchema);
}

export function usePasskeySignInMutation() {
  return useMutation({ mutationKey: ['auth', 'passkeys', 'login'], mutationFn: signInWithPasskey });
}
