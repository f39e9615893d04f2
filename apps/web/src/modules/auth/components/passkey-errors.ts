import { t } from '@lingui/core/macro';
import { isApiError } from '../../../lib/api-client.ts';
import { apiErrorMessage } from '../api/auth-error-message.ts';

/** The names of the DOMExceptions a WebAuthn ceremony ends with (possibly wrapped by the library). */
function ceremonyErrorName(error: unknown): string | undefined {
  const nameOf = (value: unknown) =>
    typeof value === 'object' && value !== null && typeof (value as { name?: unknown }).name === 'string'
      ? (value as { name: string }).name
      : undefined;
  return nameOf((error as { cause?: unknown } | null)?.cause) ?? nameOf(error);
}

/**
 * What to tell the user when a passkey ceremony fails: cancelled or timed out in the browser,
 * a passkey already on this device, a browser without passkeys, or the API's own message.
 */
export function passkeyErrorMessage(error: unknown, action: 'add' | 'sign-in'): string {
  const fallback =
    action === 'add'
      ? t`The passkey could not be added. Try again.`
      : t`Signing in with a passkey failed. Try again.`;
  if (isApiError(error)) return apiErrorMessage(error, fallback);
  const code = (error as { code?: unknown } | null)?.code;
  if (
    code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' ||
    ceremonyErrorName(error) === 'InvalidStateError'
  ) {
    return t`This device already holds a passkey for your account.`;
  }
  switch (ceremonyErrorName(error)) {
    case 'NotAllowedError':
    case 'AbortError':
      return action === 'add'
        ? t`No passkey was added: the request was cancelled or timed out.`
        : t`No passkey was used: the request was cancelled or timed out.`;
    case 'NotSupportedError':
      return t`This browser or device cannot use passkeys.`;
    case 'SecurityError':
      return t`Passkeys do not work on this address. Open Tripcrew at its usual address.`;
    default:
      return fallback;
  }
}
