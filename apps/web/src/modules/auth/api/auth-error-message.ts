import { msg } from '@lingui/core/macro';
import { isApiError } from '../../../lib/api-client.ts';
import { i18n } from '../../../lib/i18n/i18n.ts';

export const SOMETHING_WENT_WRONG = msg`Something went wrong.`;

/**
 * The message of a failed call that a user can act on: the API's own message for an HTTP error,
 * otherwise `fallback` (network failures, unexpected errors).
 */
export function apiErrorMessage(error: unknown, fallback: string = i18n._(SOMETHING_WENT_WRONG)): string {
  if (isApiError(error) && error.status > 0 && error.message.trim() !== '') {
    return readableMessage(error.message);
  }
  return fallback;
}

/** The technical prefix of the API's validation errors: 'Invalid body field password: '. */
const VALIDATION_PREFIX = /^Invalid (?:body|query parameter|path parameter|header|input)(?: field [^:]+)?: /;

/**
 * A validation message without its technical prefix: the contracts' own text ('Use at least 8
 * characters for your password.'), which is written for people; other messages unchanged.
 */
export function readableMessage(message: string): string {
  const stripped = message.replace(VALIDATION_PREFIX, '').trim();
  if (stripped === '') return message;
  return stripped.charAt(0).toUpperCase() + stripped.slice(1);
}

/** The form field an API error names (ApiError.field), if any. */
export function apiErrorField(error: unknown): string | undefined {
  return isApiError(error) ? error.field : undefined;
}
