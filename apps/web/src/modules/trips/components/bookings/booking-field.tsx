import type { ReactNode } from 'react';
import { PlaceFieldError } from '../places/place-fields.tsx';
import { PLACE_LABEL_CLASS } from '../places/place-styles.ts';

/** A labelled field of the booking form, its problem under it (`${id}-error`). */
export function BookingField({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  /** A line under the field (`${id}-hint`), for aria-describedby. */
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className={PLACE_LABEL_CLASS}>
        {label}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      )}
      <PlaceFieldError id={id} error={error} />
    </div>
  );
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
