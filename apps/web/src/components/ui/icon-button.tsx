import clsx from 'clsx';
import type { ButtonHTMLAttributes, Ref } from 'react';

export interface IconButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** The accessible name: an icon button has no visible text. */
  'aria-label': string;
  /** Shown as pressed or open (e.g. the trigger of an open popover). */
  active?: boolean;
  size?: 'sm' | 'md';
  ref?: Ref<HTMLButtonElement>;
}

/** A round button holding only an icon (the icon itself is aria-hidden), in light and dark themes. */
export function IconButton({
  active = false,
  size = 'md',
  className,
  type = 'button',
  ...rest
}: IconButtonProps) {
  return (
    <button
      type={type}
      className={clsx(
        'relative grid shrink-0 place-items-center rounded-full transition disabled:opacity-50',
        size === 'md' ? 'size-10' : 'size-8',
        active
          ? 'bg-brand-50 text-brand-800 dark:bg-brand-950 dark:text-brand-200'
          : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white',
        className,
      )}
      {...rest}
    />
  );
}
