import type { ApiError } from '@tripcrew/contracts/common';

/** What a 409 VERSION_CONFLICT carries (decision 035). */
export type VersionConflict = NonNullable<ApiError['conflict']>;

/**
 * The one error type of the API (DESIGN §4 rule 3). `message` is shown to users, so it says
 * what was wrong in words they can act on; `code` is stable for programs.
 */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    public readonly code: string,
    message: string,
    public readonly statusCode: number,
    public readonly extra: { reason?: string; field?: string; conflict?: VersionConflict } = {},
    /** What went wrong underneath: logged by the error handler, never sent to the client. */
    options: { cause?: unknown } = {},
  ) {
    super(message, options);
  }
}

export const badRequest = (message: string, field?: string) =>
  new AppError('BAD_REQUEST', message, 400, field ? { field } : {});
export const unauthorized = (message = 'Please sign in to continue.', reason?: string) =>
  new AppError('UNAUTHORIZED', message, 401, reason ? { reason } : {});
export const forbidden = (message = 'You are not allowed to do that.', code = 'FORBIDDEN') =>
  new AppError(code, message, 403);
export const notFound = (message = 'Not found.') => new AppError('NOT_FOUND', message, 404);
export const conflict = (message: string) => new AppError('CONFLICT', message, 409);
/** Someone else changed the same fields since the version an edit started from (decision 035). */
export const versionConflict = (message: string, details: VersionConflict) =>
  new AppError('VERSION_CONFLICT', message, 409, { conflict: details });
export const gone = (message: string) => new AppError('GONE', message, 410);
