import clsx from 'clsx';
import { Check } from 'lucide-react';

interface TickBoxProps {
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}

/**
 * A checkbox drawn as a rounded square that fills with a tick; the real input stays (visually
 * hidden) for the keyboard and screen readers. Goes inside the label that names it.
 */
export function TickBox({ checked, disabled, onChange }: TickBoxProps) {
  return (
    <>
      <input
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
        className="peer sr-only"
      />
      <span
        aria-hidden="true"
        className={clsx(
          'flex size-5 shrink-0 items-center justify-center rounded-md border-2 transition peer-focus-visible:ring-2 peer-focus-visible:ring-brand-500',
          checked ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-300 dark:border-slate-600',
        )}
      >
        {checked && <Check className="size-3.5" />}
      </span>
    </>
  );
}
