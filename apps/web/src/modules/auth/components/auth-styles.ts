import { buttonClass } from '../../../components/ui/button.tsx';
/** Shared class names of the account screens (match the shell's buttons and links). */
export const primaryButtonClass = buttonClass({ size: 'lg' }, 'w-full text-sm');

export const secondaryButtonClass =
  'inline-flex items-center justify-center gap-2 rounded-full px-4 py-2.5 text-sm font-semibold text-slate-700 ring-1 ring-slate-300 transition hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-50 dark:text-slate-200 dark:ring-slate-700 dark:hover:bg-slate-800';

export const linkClass =
  'font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-brand-300';

export const alertClass =
  'rounded-2xl bg-red-50 px-4 py-3 text-sm text-red-800 ring-1 ring-red-200 dark:bg-red-500/10 dark:text-red-200 dark:ring-red-500/30';

export const noticeClass =
  'rounded-2xl bg-brand-50 px-4 py-3 text-sm text-brand-900 ring-1 ring-brand-200 dark:bg-brand-500/10 dark:text-brand-100 dark:ring-brand-500/30';
