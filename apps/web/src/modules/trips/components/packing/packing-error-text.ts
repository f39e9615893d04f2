import { t } from '@lingui/core/macro';
/** The server's message of a refused write (4xx), or the client's own words for anything else. */
export const packingErrorText = (error: unknown): string =>
  error instanceof Error && error.message ? error.message : t`Something went wrong.`;
