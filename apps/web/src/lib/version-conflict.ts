import type { ApiError as ApiErrorBody } from '@tripcrew/contracts/common';
import { isApiError, isRecord } from './api-error.ts';

/**
 * A 409 VERSION_CONFLICT (decision 035): someone else changed the same fields since the version an
 * edit started from. The server wrote nothing; the record as it is now, the fields and who changed
 * them come with the answer, so the screen can show both versions and let the person choose.
 * (Read without the contracts' schemas: this file is in the first download, through the offline
 * notices.)
 */
export type VersionConflict = NonNullable<ApiErrorBody['conflict']>;

export const VERSION_CONFLICT_CODE = 'VERSION_CONFLICT';

function isConflict(value: unknown): value is VersionConflict {
  if (!isRecord(value)) return false;
  const by = value.changedBy;
  return (
    typeof value.kind === 'string' &&
    typeof value.recordId === 'string' &&
    typeof value.version === 'number' &&
    Array.isArray(value.fields) &&
    value.fields.every((field) => typeof field === 'string') &&
    isRecord(value.current) &&
    (by === null || (isRecord(by) && typeof by._id === 'string' && typeof by.name === 'string')) &&
    (value.changedAt === null || typeof value.changedAt === 'string')
  );
}

/** The conflict an error carries, or null for any other error. */
export function versionConflictOf(error: unknown): VersionConflict | null {
  if (!isApiError(error) || error.status !== 409 || error.code !== VERSION_CONFLICT_CODE) return null;
  const conflict = isRecord(error.data) ? error.data.conflict : undefined;
  return isConflict(conflict) ? conflict : null;
}

/** A field of the record as it is now, as text ('' when empty). */
export function currentText(conflict: VersionConflict, field: string): string {
  const value = conflict.current[field];
  return typeof value === 'string' ? value : value == null ? '' : String(value);
}
