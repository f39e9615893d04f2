import { MapPin, Search } from 'lucide-react';
import { useId } from 'react';

export const LOCATION_PLACEHOLDER = 'where do you want to be?';

/**
 * The trip search bar area, shown on / and on /place… only (see showsTripSearch). A plain location
 * field for now; the catalogue work item replaces the body with the real location search and trip
 * option bar.
 */
export function TripSearchBar() {
  const inputId = useId();
  return (
    <div
      data-testid="trip-search-bar"
      className="border-b border-slate-200/70 bg-gradient-to-r from-brand-50/80 via-white/60 to-orange-50/60 dark:border-slate-800/70 dark:from-brand-950/40 dark:via-slate-950 dark:to-slate-950"
    >
      <form
        role="search"
        aria-label="Trip search"
        onSubmit={(event) => event.preventDefault()}
        className="mx-auto flex max-w-[1360px] items-center gap-2 px-4 py-3 sm:px-6 2xl:max-w-[1440px]"
      >
        <label htmlFor={inputId} className="sr-only">
          Location
        </label>
        <div className="relative flex min-w-0 flex-1 items-center">
          <MapPin
            aria-hidden="true"
            className="pointer-events-none absolute left-4 size-5 text-brand-600 dark:text-brand-400"
          />
          <input
            id={inputId}
            type="search"
            autoComplete="off"
            placeholder={LOCATION_PLACEHOLDER}
            className="h-12 w-full min-w-0 rounded-full border border-slate-200 bg-white pr-4 pl-12 text-base shadow-sm transition placeholder:text-slate-400 focus:border-brand-500 focus:ring-4 focus:ring-brand-500/15 focus:outline-none dark:border-slate-700 dark:bg-slate-900 dark:placeholder:text-slate-500"
          />
        </div>
        <button
          type="submit"
          aria-label="Search"
          className="flex h-12 shrink-0 items-center gap-2 rounded-full bg-brand-700 px-4 font-semibold text-white shadow-sm transition hover:bg-brand-800 sm:px-6"
        >
          <Search aria-hidden="true" className="size-5" />
          <span className="hidden sm:inline">search</span>
        </button>
      </form>
    </div>
  );
}
