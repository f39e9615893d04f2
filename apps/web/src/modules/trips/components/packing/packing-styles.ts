/**
 * The class names of the packing list's controls. Written out here rather than through clsx and
 * the shared button helpers: with those, this lazy chunk made the bundler split clsx out of the
 * first download into a chunk of its own (more bytes on the first visit, whose budget is full).
 */
export const classes = (...parts: (string | false | null | undefined)[]): string =>
  parts.filter(Boolean).join(' ');

export const PACKING_INPUT_CLASS =
  'min-w-0 flex-1 rounded-xl border border-slate-300 bg-white px-3 py-1.5 text-sm text-slate-900 placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 disabled:opacity-60 aria-invalid:border-red-500 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-500 dark:aria-invalid:border-red-400';

const BUTTON =
  'inline-flex items-center justify-center gap-2 rounded-full px-4 py-1.5 text-sm font-semibold transition disabled:cursor-not-allowed disabled:opacity-60';
export const PRIMARY_BUTTON_CLASS = `${BUTTON} bg-brand-700 text-white shadow-sm hover:bg-brand-800 dark:bg-brand-600 dark:hover:bg-brand-500`;
export const GHOST_BUTTON_CLASS = `${BUTTON} text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-200 dark:hover:bg-slate-800 dark:hover:text-white`;
export const SECONDARY_BUTTON_CLASS = `${BUTTON} bg-white text-slate-700 ring-1 ring-slate-300 hover:bg-slate-100 dark:bg-slate-900 dark:text-slate-200 dark:ring-slate-700 dark:hover:bg-slate-800`;
export const ICON_BUTTON_CLASS =
  'relative grid size-8 shrink-0 place-items-center rounded-full text-slate-600 transition hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 disabled:opacity-50 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white';
