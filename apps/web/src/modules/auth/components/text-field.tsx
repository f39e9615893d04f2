import { ph } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import clsx from 'clsx';
import { Eye, EyeOff } from 'lucide-react';
import { type InputHTMLAttributes, type ReactNode, type Ref, useId, useState } from 'react';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** Visible error under the field; also marks the field invalid. */
  error?: string | null;
  /** Help text under the field. */
  hint?: ReactNode;
  /** Shown after the label, e.g. "(optional)". */
  labelSuffix?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

const inputClass =
  'block w-full rounded-2xl border-0 bg-slate-50 px-4 py-3 text-base text-slate-900 ring-1 ring-slate-300 transition outline-none placeholder:text-slate-400 focus:bg-white focus:ring-2 focus:ring-brand-500 sm:text-sm dark:bg-slate-950 dark:text-slate-100 dark:ring-slate-700 dark:placeholder:text-slate-500 dark:focus:bg-slate-950 dark:focus:ring-brand-400';

/**
 * A labelled input with an optional hint and a visible error (aria-invalid + aria-describedby).
 * Password fields get a show/hide toggle.
 */
export function TextField({
  label,
  error,
  hint,
  labelSuffix,
  type = 'text',
  className,
  ref,
  ...input
}: TextFieldProps) {
  const { t } = useLingui();
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const [revealed, setRevealed] = useState(false);
  const isPassword = type === 'password';
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;

  return (
    <div className={clsx('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium text-slate-700 dark:text-slate-200">
        {label}
        {labelSuffix && (
          <span className="ml-1 font-normal text-slate-500 dark:text-slate-400">{labelSuffix}</span>
        )}
      </label>
      <div className="relative">
        <input
          {...input}
          ref={ref}
          id={id}
          type={isPassword && revealed ? 'text' : type}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={clsx(
            inputClass,
            isPassword && 'pr-12',
            error && 'ring-red-400 focus:ring-red-500 dark:ring-red-500/60',
          )}
        />
        {isPassword && (
          <button
            type="button"
            onClick={() => setRevealed((value) => !value)}
            aria-label={
              revealed
                ? t`Hide ${ph({ field: label.toLowerCase() })}`
                : t`Show ${ph({ field: label.toLowerCase() })}`
            }
            aria-pressed={revealed}
            className="absolute inset-y-0 right-1 my-auto grid size-10 place-items-center rounded-full text-slate-500 transition hover:bg-slate-200/70 hover:text-slate-800 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white"
          >
            {revealed ? (
              <EyeOff aria-hidden="true" className="size-4" />
            ) : (
              <Eye aria-hidden="true" className="size-4" />
            )}
          </button>
        )}
      </div>
      {hint && (
        <p id={hintId} className="text-xs text-slate-500 dark:text-slate-400">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-xs font-medium text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}
