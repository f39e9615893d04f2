/** The server's message of a refused write (4xx), or the client's own words for anything else. */
export const packingErrorText = (error: unknown): string =>
  error instanceof Error && error.message ? error.message : 'Something went wrong.';

export const PACKING_INPUT_CLASS =
  'min-w-0 flex-1 rounded-xl border border-slate-300 bg-white px-3 py-1.5 text-sm text-slate-900 placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 disabled:opacity-60 aria-invalid:border-red-500 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-500 dark:aria-invalid:border-red-400';
