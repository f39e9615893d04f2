import { fieldName } from '../field-names.ts';
import type { PlaceChange, PlaceValues } from './place-form-values.ts';
import { pointText, TEXT_FIELDS } from './place-form-values.ts';

/** The fields of a 409 VERSION_CONFLICT as the form's: lat and lng are the point. */
export function clashOf(fields: readonly string[]): PlaceChange[] {
  const clash: PlaceChange[] = TEXT_FIELDS.filter((field) => fields.includes(field));
  if (fields.includes('lat') || fields.includes('lng')) clash.push('point');
  return clash;
}

/** The clashing fields of one version, a line each ("Name: Casa Ana"), for the conflict notice. */
export function conflictText(values: PlaceValues, fields: readonly PlaceChange[]): string {
  return fields
    .map((field) => {
      const value = field === 'point' ? (values.point ? pointText(values.point) : '') : values[field].trim();
      return `${fieldName(field)}: ${value || '—'}`;
    })
    .join('\n');
}
