/**
 * The class names of the place form and cards. Written out here rather than through clsx, as the
 * packing list does (packing-styles.ts): this lazy chunk stays out of the first download.
 */
export const classes = (...parts: (string | false | null | undefined)[]): string =>
  parts.filter(Boolean).join(' ');

/** A field: at least 44 px high (a touch target), in light and dark themes. */
export const PLACE_INPUT_CLASS =
  'min-h-11 w-full min-w-0 rounded-xl border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 disabled:opacity-60 aria-invalid:border-red-600 sm:text-sm dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100 dark:placeholder:text-slate-500 dark:aria-invalid:border-red-400';

export const PLACE_LABEL_CLASS = 'text-sm font-medium text-slate-800 dark:text-slate-200';
export const PLACE_ERROR_CLASS = 'text-sm text-red-700 dark:text-red-300';

/** A link of a card (a map, a website, a phone): a 44 px touch target. */
export const PLACE_LINK_CLASS =
  'inline-flex min-h-11 max-w-full items-center gap-1.5 rounded-lg font-medium text-brand-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-brand-300';

/** A round icon button of a card (edit, remove): 44 px. */
export const PLACE_ICON_BUTTON_CLASS =
  'grid size-11 shrink-0 place-items-center rounded-full text-slate-600 transition hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 disabled:cursor-not-allowed disabled:opacity-50 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white';
