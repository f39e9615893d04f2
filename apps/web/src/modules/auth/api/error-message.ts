import { isApiError } from '../../../lib/api-client.ts';

export const SOMETHING_WENT_WRONG = 'Something went wrong.';

/**
 * The message of a failed call that a user can act on: the API's own message for an HTTP error,
 * otherwise `fallback` (network failures, unexpected errors).
 */
export function apiErrorMessage(error: unknown, fallback: string = SOMETHING_WENT_WRONG): string {
  if (isApiError(error) && error.status > 0 && error.message.trim() !== '') return error.message;
  return fallback;
}

/** The form field an API error names (ApiError.field), if any. */
export function apiErrorField(error: unknown): string | undefined {
  return isApiError(error) ? error.field : undefined;
}
