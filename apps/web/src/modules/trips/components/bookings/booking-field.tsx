import type { InputHTMLAttributes, ReactNode } from 'react';
import { FormField, type FormFieldProps } from '../../../../components/ui/form-field.tsx';
import { PLACE_INPUT_CLASS } from '../places/place-styles.ts';

/** A labelled field of the booking form, its problem under it (`${id}-error`), its hint in small print. */
export function BookingField(props: Omit<FormFieldProps, 'hintClassName'>) {
  return <FormField {...props} hintClassName="text-xs text-slate-600 dark:text-slate-400" />;
}

/** The aria attributes of a field: invalid with its problem, described by its problem and hint. */
export function fieldAria(id: string, error: string | undefined, hint = false) {
  const described = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ');
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described || undefined,
  } as const;
}

interface BookingInputProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'value' | 'onChange' | 'className'
> {
  id: string;
  label: string;
  error?: string;
  /** A line under the field (`${id}-hint`), for aria-describedby. */
  hint?: ReactNode;
  value: string;
  onChange: (value: string) => void;
  /** After the input, inside the field (a datalist of suggestions). */
  children?: ReactNode;
}

/** A labelled input of the booking form; a line of text (no autocomplete) unless `type` says otherwise. */
export function BookingInput({
  id,
  label,
  error,
  hint,
  value,
  onChange,
  children,
  type = 'text',
  autoComplete = type === 'text' ? 'off' : undefined,
  ...input
}: BookingInputProps) {
  return (
    <BookingField id={id} label={label} error={error} hint={hint}>
      <input
        {...fieldAria(id, error, hint !== undefined)}
        {...input}
        type={type}
        autoComplete={autoComplete}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={PLACE_INPUT_CLASS}
      />
      {children}
    </BookingField>
  );
}
