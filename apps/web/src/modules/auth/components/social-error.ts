/**
 * What a failed social login tells the user. The API's OAuth callback sends the browser back
 * with ?error=<code> (access_denied, invalid_state, provider_error, email_unverified).
 */
const MESSAGES: Record<string, string> = {
  access_denied:
    'The sign-in was cancelled at the provider. Try again, or log in with your email and password.',
  invalid_state:
    'The sign-in took too long or was started in another tab. Please start it again from the login page.',
  provider_error: 'The provider could not sign you in right now. Please try again in a moment.',
  email_unverified:
    'Your account at the provider has no verified email address. Verify it there, or sign up with your email.',
};

export const SOCIAL_ERROR_FALLBACK =
  'Signing in with your social network account did not work. Please try again, or log in with your email and password.';

export function socialErrorMessage(code: string | null | undefined): string {
  if (!code) return SOCIAL_ERROR_FALLBACK;
  return MESSAGES[code] ?? SOCIAL_ERROR_FALLBACK;
}
