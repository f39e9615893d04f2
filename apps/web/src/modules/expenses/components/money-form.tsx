import { i18n, type MessageDescriptor } from '../../../lib/i18n/i18n.ts';
import { ERROR_CLASS } from './money-ui.ts';

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
