import { apiErrorSchema } from '@tripcrew/contracts/common';
import { isApiError } from './api-error.ts';

/**
 * A 409 VERSION_CONFLICT (decision 035): someone else changed the same fields since the version an
 * edit started from. The server wrote nothing; the record as it is now, the fields and who changed
 * them come with the answer, so the screen can show both versions and let the person choose.
 */
export type VersionConflict = NonNullable<ReturnType<typeof apiErrorSchema.parse>['conflict']>;

export const VERSION_CONFLICT_CODE = 'VERSION_CONFLICT';

/** The conflict an error carries, or null for any other error. */
export function versionConflictOf(error: unknown): VersionConflict | null {
  if (!isApiError(error) || error.status !== 409 || error.code !== VERSION_CONFLICT_CODE) return null;
  const parsed = apiErrorSchema.safeParse(error.data);
  return parsed.success ? (parsed.data.conflict ?? null) : null;
}

/** A field of the record as it is now, as text ('' when empty). */
export function currentText(conflict: VersionConflict, field: string): string {
  const value = conflict.current[field];
  return typeof value === 'string' ? value : value == null ? '' : String(value);
}
