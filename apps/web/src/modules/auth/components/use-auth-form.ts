import { useState } from 'react';
import { apiErrorField, apiErrorMessage } from '../api/auth-error-message.ts';

export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

/** What a text field of an account form takes from the form: name, value, error, change handler. */
export interface FieldBinding<Field extends string> {
  name: Field;
  value: string;
  error: string | undefined;
  onChange: (event: { target: { value: string } }) => void;
}

/**
 * The state of an account form: its text `values`, a form-level `problem` (shown as an alert) and
 * an error per field (shown under the field).
 */
export function useAuthForm<Field extends string>(
  initial: Record<Field, string> | (() => Record<Field, string>),
) {
  const [values, setValues] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<Field>>({});

  /** The change handler of a field: stores the value and clears that field's error. */
  const set = (field: Field) => (event: { target: { value: string } }) => {
    const value = event.target.value;
    setValues((current) => ({ ...current, [field]: value }));
    setFieldErrors((current) => ({ ...current, [field]: undefined }));
  };

  /** A field's name, value, error and change handler, to spread into its TextField. */
  const field = (name: Field): FieldBinding<Field> => ({
    name,
    value: values[name],
    error: fieldErrors[name],
    onChange: set(name),
  });

  /** Clears the problem and every field error (before sending). */
  const clearErrors = () => {
    setProblem(null);
    setFieldErrors({});
  };

  /**
   * Shows a failed call: at the field the API names when it is one of `fields` (replacing the other
   * field errors), otherwise as the form's problem. Returns the message shown.
   */
  const showApiError = (error: unknown, fields: readonly Field[]): string => {
    const message = apiErrorMessage(error);
    const named = apiErrorField(error);
    const field = fields.find((candidate) => candidate === named);
    if (field === undefined) {
      setProblem(message);
    } else {
      const errors: FieldErrors<Field> = {};
      errors[field] = message;
      setFieldErrors(errors);
    }
    return message;
  };

  return {
    values,
    setValues,
    problem,
    setProblem,
    fieldErrors,
    setFieldErrors,
    set,
    field,
    clearErrors,
    showApiError,
  };
}
