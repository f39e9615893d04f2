import type { ReactNode } from 'react';
import { i18n, type MessageDescriptor } from '../../../lib/i18n/i18n.ts';
import { ERROR_CLASS } from './money-ui.ts';

/** The form of a money dialog: checked by its own rules (no browser bubbles), sent without a page load. */
export function MoneyForm({ onSubmit, children }: { onSubmit: () => void; children: ReactNode }) {
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}

/** The options of a select over a fixed list, each named by its translated label. */
export function LabelledOptions<T extends string>({
  values,
  labels,
}: {
  values: readonly T[];
  labels: Record<T, MessageDescriptor>;
}) {
  return values.map((value) => (
    <option key={value} value={value}>
      {i18n._(labels[value])}
    </option>
  ));
}

/** The problem of a field, `${id}-error` for its aria-describedby; nothing without one. */
export function FieldError({ id, error }: { id: string; error?: string | null }) {
  if (!error) return null;
  return (
    <p id={`${id}-error`} role="alert" className={ERROR_CLASS}>
      {error}
    </p>
  );
}

/**
 * Why the server refused the request of a money dialog (`error`, of its mutation), as an alert: the
 * error's message, or `fallback` when it has none; nothing while there is no refusal.
 */
export function RequestError({ error, fallback }: { error: unknown; fallback: string }) {
  const message = error ? (error instanceof Error ? error.message : fallback) : null;
  if (!message) return null;
  return (
    <p role="alert" className={ERROR_CLASS}>
      {message}
    </p>
  );
}
