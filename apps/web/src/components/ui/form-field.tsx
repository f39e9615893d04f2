import type { ReactNode } from 'react';

/** The label of a form's field, in light and dark themes. */
export const FIELD_LABEL_CLASS = 'text-sm font-medium text-slate-800 dark:text-slate-200';

/** The problem of a field, `${id}-error` for its aria-describedby; nothing without one. */
export function FieldError({ id, error }: { id: string; error?: string | null }) {
  if (!error) return null;
  return (
    <p id={`${id}-error`} role="alert" className="text-sm text-red-700 dark:text-red-300">
      {error}
    </p>
  );
}

export interface FormFieldProps {
  id: string;
  label: string;
  error?: string;
  /** A line under the field (`${id}-hint`), for aria-describedby. */
  hint?: ReactNode;
  /** The hint's classes (its size and colour). */
  hintClassName?: string;
  children: ReactNode;
}

/** A labelled field of a form: the label, the control, its hint and its problem under it (`${id}-error`). */
export function FormField({
  id,
  label,
  error,
  hint,
  hintClassName = 'text-sm text-slate-600 dark:text-slate-300',
  children,
}: FormFieldProps) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className={FIELD_LABEL_CLASS}>
        {label}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className={hintClassName}>
          {hint}
        </p>
      )}
      <FieldError id={id} error={error} />
    </div>
  );
}
