import { msg } from '@lingui/core/macro';
import { i18n, type MessageDescriptor } from '../../../lib/i18n/i18n.ts';
/**
 * What a failed social login tells the user. The API's OAuth callback sends the browser back
 * with ?error=<code> (access_denied, invalid_state, provider_error, email_unverified).
 */
const MESSAGES: Record<string, MessageDescriptor> = {
  access_denied: msg`The sign-in was cancelled at the provider. Try again, or log in with your email and password.`,
  invalid_state: msg`The sign-in took too long or was started in another tab. Please start it again from the login page.`,
  provider_error: msg`The provider could not sign you in right now. Please try again in a moment.`,
  email_unverified: msg`Your account at the provider has no verified email address. Verify it there, or sign up with your email.`,
};

const FALLBACK = msg`Signing in with your social network account did not work. Please try again, or log in with your email and password.`;

export function socialErrorMessage(code: string | null | undefined): string {
  return i18n._((code && Object.hasOwn(MESSAGES, code) ? MESSAGES[code] : undefined) ?? FALLBACK);
}
