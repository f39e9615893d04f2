import { t } from '@lingui/core/macro';
import { FormField } from '../../../../components/ui/form-field.tsx';
import type { PlaceField, PlaceFieldErrors, PlaceTextField, PlaceValues } from './place-form-values.ts';
import { PLACE_INPUT_CLASS } from './place-styles.ts';

/** A catalogue category and its subcategories, any of which a place may take. */
export interface PlaceCategory {
  title: string;
  subcategories: readonly string[];
}

interface PlaceFieldsProps {
  /** The form's id: each field's is `${id}-${field}`. */
  id: string;
  values: PlaceValues;
  errors: PlaceFieldErrors;
  categories: readonly PlaceCategory[];
  onChange: (field: PlaceTextField, value: string) => void;
}

/** The place's name, category, address, website, phone and notes, each labelled, its problem beside it. */
export function PlaceFields({ id, values, errors, categories, onChange }: PlaceFieldsProps) {
  const fieldId = (field: PlaceField) => `${id}-${field}`;
  const aria = (field: PlaceField) => ({
    id: fieldId(field),
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `${fieldId(field)}-error` : undefined,
  });
  // No maxLength: the contract's limits are checked on saving, with words that say so.
  const input = (field: PlaceTextField, extra: Record<string, string>) => (
    <input
      {...aria(field)}
      {...extra}
      value={values[field]}
      onChange={(event) => onChange(field, event.target.value)}
      className={PLACE_INPUT_CLASS}
    />
  );
  const known = categories.some(
    (category) => category.title === values.category || category.subcategories.includes(values.category),
  );
  return (
    <>
      <FormField id={fieldId('name')} label={t`Name`} error={errors.name}>
        {input('name', { type: 'text', autoComplete: 'off' })}
      </FormField>
      <FormField id={fieldId('category')} label={t`Category (optional)`} error={errors.category}>
        <select
          {...aria('category')}
          value={values.category}
          onChange={(event) => onChange('category', event.target.value)}
          className={PLACE_INPUT_CLASS}
        >
          <option value="">{t`No category`}</option>
          {/* A category the catalogue no longer has stays shown while the place has it. */}
          {!known && values.category !== '' && <option value={values.category}>{values.category}</option>}
          {categories.map((category) => (
            <optgroup key={category.title} label={category.title}>
              <option value={category.title}>{category.title}</option>
              {category.subcategories
                .filter((sub) => sub !== category.title)
                .map((sub) => (
                  <option key={sub} value={sub}>
                    {sub}
                  </option>
                ))}
            </optgroup>
          ))}
        </select>
      </FormField>
      <FormField id={fieldId('address')} label={t`Address (optional)`} error={errors.address}>
        {input('address', { type: 'text', autoComplete: 'street-address' })}
      </FormField>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <FormField id={fieldId('website')} label={t`Website (optional)`} error={errors.website}>
          {input('website', {
            type: 'url',
            inputMode: 'url',
            autoComplete: 'url',
            placeholder: 'https://',
          })}
        </FormField>
        <FormField id={fieldId('phone')} label={t`Phone (optional)`} error={errors.phone}>
          {input('phone', { type: 'tel', inputMode: 'tel', autoComplete: 'tel' })}
        </FormField>
      </div>
      <FormField id={fieldId('notes')} label={t`Notes (optional)`} error={errors.notes}>
        <textarea
          {...aria('notes')}
          value={values.notes}
          rows={3}
          onChange={(event) => onChange('notes', event.target.value)}
          className={PLACE_INPUT_CLASS}
        />
      </FormField>
    </>
  );
}
