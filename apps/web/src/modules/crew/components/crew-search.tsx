import { msg, ph } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Search, UserPlus } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import {
  CREW_SEARCH_DEBOUNCE_MS,
  CREW_SEARCH_MAX,
  CREW_SEARCH_MIN,
  isCrewSearchEmail,
  isSearchableCrewQuery,
  useCrewSearch,
} from '../api/search-crew.ts';
import { useSendCrewRequest } from '../api/send-crew-request.ts';
import { i18n } from '../../../lib/i18n/i18n.ts';
import { CrewPerson, CrewPersonSkeleton, fullNameOf, primaryButton, StatusBadge } from './crew-person.tsx';

/** SPEC §5 / CREW-01: the search box hint. */
export const CREW_SEARCH_HINT = msg`name, email or phone number`;
/**
 * The HTML pattern of the box: letters and digits, or a whole email address (validated again
 * before searching, by the contract's rule).
 */
export const CREW_SEARCH_INPUT_PATTERN = '[\\p{L}\\p{N}]*|[^\\s@]+@[^\\s@]+\\.[^\\s@]+';

function hintFor(text: string): string | null {
  const query = text.trim();
  if (query === '' || isCrewSearchEmail(query)) return null;
  if (query.includes('@')) return i18n._(msg`Type the whole email address, like ana@example.com.`);
  if (!/^[\p{L}\p{N}]+$/u.test(query)) return i18n._(msg`Letters and digits only, please.`);
  if (query.length < CREW_SEARCH_MIN) return i18n._(msg`Type at least ${CREW_SEARCH_MIN} letters or digits.`);
  return null;
}

/**
 * People search (CREW-01, CREW-02): searches 500 ms after typing stops, only with at least 3
 * letters or digits. Each result offers 'request', or shows its status (friend, pending, incoming).
 */
export function CrewSearch() {
  const { t } = useLingui();
  const searchHint = i18n._(CREW_SEARCH_HINT);
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const inputId = useId();
  const hintId = useId();
  const resultsId = useId();
  const searchable = isSearchableCrewQuery(query);
  const search = useCrewSearch(searchable ? query : '');
  const request = useSendCrewRequest();
  const hint = hintFor(text);

  useEffect(() => {
    const next = text.trim();
    const timer = setTimeout(() => setQuery(next), CREW_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const results = searchable ? (search.data ?? []) : [];

  return (
    <section
      aria-labelledby={`${inputId}-title`}
      className="flex flex-col gap-3 rounded-3xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6 dark:bg-slate-900 dark:ring-slate-800"
    >
      <h2 id={`${inputId}-title`} className="text-lg font-semibold tracking-tight">
        <Trans>Find people</Trans>
      </h2>
      <form
        role="search"
        aria-label={t`Search people`}
        onSubmit={(event) => {
          // Enter searches at once (no need to wait for the debounce).
          event.preventDefault();
          setQuery(text.trim());
        }}
      >
        <label htmlFor={inputId} className="sr-only">
          <Trans>Search people</Trans>
        </label>
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-slate-400"
          />
          <input
            id={inputId}
            type="search"
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder={searchHint}
            title={t`${searchHint} (letters and digits, at least ${CREW_SEARCH_MIN}, or a whole email)`}
            pattern={CREW_SEARCH_INPUT_PATTERN}
            maxLength={CREW_SEARCH_MAX}
            autoComplete="off"
            aria-describedby={hintId}
            aria-controls={resultsId}
            className="h-12 w-full rounded-full border border-slate-200 bg-white pr-4 pl-12 text-base shadow-sm transition outline-none placeholder:text-slate-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 dark:border-slate-700 dark:bg-slate-950 dark:placeholder:text-slate-500"
          />
        </div>
        <p id={hintId} className="mt-1.5 px-4 text-xs text-slate-500 dark:text-slate-400">
          {hint ??
            t`Search by ${searchHint}: letters and digits, at least ${CREW_SEARCH_MIN}, or a whole email address.`}
        </p>
      </form>

      <div id={resultsId} aria-live="polite" aria-busy={search.isFetching}>
        {searchable && search.isPending && (
          <div aria-label={t`Searching…`}>
            <CrewPersonSkeleton />
            <CrewPersonSkeleton />
          </div>
        )}
        {searchable && search.isSuccess && results.length === 0 && (
          <p className="px-1 py-2 text-sm text-slate-500 dark:text-slate-400">
            <Trans>No one found for “{query}”.</Trans>
          </p>
        )}
        {results.length > 0 && (
          <ul aria-label={t`Search results`} className="divide-y divide-slate-100 dark:divide-slate-800">
            {results.map((person) => (
              <li key={person._id} data-testid="crew-search-result">
                <CrewPerson user={person}>
                  {person.status ? (
                    <StatusBadge status={person.status} />
                  ) : (
                    <button
                      type="button"
                      className={primaryButton}
                      disabled={request.isPending && request.variables === person._id}
                      aria-label={t`request ${ph({ name: fullNameOf(person) })}`}
                      onClick={() => request.mutate(person._id)}
                    >
                      <UserPlus aria-hidden="true" className="size-4" />
                      <Trans>request</Trans>
                    </button>
                  )}
                </CrewPerson>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
