import { plural, t } from '@lingui/core/macro';
import { MapPinned, Search } from 'lucide-react';
import { useState } from 'react';
import { useOnline } from '../../../../lib/browser-online.ts';
import { LOOKUP_MIN_LENGTH, type PlaceCandidate, usePlaceLookup } from '../../api/search-place-lookup.ts';
import { classes, PLACE_INPUT_CLASS, PLACE_LABEL_CLASS } from './place-styles.ts';
import { useSettled } from '../../../../lib/use-settled.ts';

/** How long typing pauses before a search goes (ms): one request per word, not per letter. */
export const LOOKUP_PAUSE_MS = 300;

interface PlaceSearchFieldProps {
  id: string;
  onPick: (candidate: PlaceCandidate) => void;
}

/**
 * "Search for a place": towns and regions Tripcrew knows and, when the server has a geocoder,
 * any address or point of interest. A result picked fills the name, address and point (the link
 * field above then shows its coordinates). Offline (or with no geocoder) it says what to do
 * instead: paste a link or coordinates.
 */
export function PlaceSearchField({ id, onPick }: PlaceSearchFieldProps) {
  const [text, setText] = useState('');
  const online = useOnline();
  const words = useSettled(text, LOOKUP_PAUSE_MS).trim();
  const lookup = usePlaceLookup(online ? words : '');
  const typed = text.trim();
  const results = online && typed.length >= LOOKUP_MIN_LENGTH && lookup.data ? lookup.data.results : [];

  let message: string;
  if (typed === '') message = t`A town, an address or a place's name.`;
  else if (typed.length < LOOKUP_MIN_LENGTH) message = t`Type at least 3 characters.`;
  else if (!online) message = t`Searching needs a connection: paste a map link or coordinates above.`;
  else if (lookup.isError) message = t`The search did not answer: paste a map link or coordinates above.`;
  else if (!lookup.data || lookup.isFetching || words !== typed) message = t`Searching…`;
  else if (results.length === 0)
    message = t`Nothing found for “${typed}”: paste a map link or coordinates above.`;
  else if (lookup.data.geocoder === 'off')
    message = plural(results.length, {
      one: '# town or region found. For an address, paste a map link above.',
      other: '# towns or regions found. For an address, paste a map link above.',
    });
  else if (lookup.data.geocoder === 'unavailable')
    message = t`The address search is not answering: only towns and regions are listed.`;
  else message = plural(results.length, { one: '# place found.', other: '# places found.' });

  return (
    <div className="flex min-w-0 flex-col gap-1" data-testid="place-search">
      <label htmlFor={id} className={PLACE_LABEL_CLASS}>
        {t`Or search for a place`}
      </label>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
        />
        <input
          id={id}
          type="search"
          aria-describedby={`${id}-status`}
          aria-controls={`${id}-results`}
          placeholder={t`Time Out Market, Rua Augusta 24, Sintra…`}
          autoComplete="off"
          value={text}
          onChange={(event) => setText(event.target.value)}
          className={classes(PLACE_INPUT_CLASS, 'w-full pl-9')}
        />
      </div>
      <p id={`${id}-status`} role="status" className="text-sm text-slate-600 dark:text-slate-300">
        {message}
      </p>
      <ul id={`${id}-results`} className="flex flex-col gap-1" aria-label={t`Places found`}>
        {results.map((candidate) => (
          <li
            key={`${candidate.source}:${candidate.coordinates.lat},${candidate.coordinates.lng}:${candidate.name}`}
          >
            <button
              type="button"
              data-testid="place-search-result"
              onClick={() => onPick(candidate)}
              className="flex min-h-11 w-full items-start gap-2 rounded-xl px-3 py-2 text-left ring-1 ring-slate-200 hover:bg-brand-50 focus-visible:outline-3 focus-visible:outline-brand-600 dark:ring-slate-700 dark:hover:bg-slate-800"
            >
              <MapPinned
                aria-hidden="true"
                className="mt-0.5 size-4 shrink-0 text-brand-700 dark:text-brand-300"
              />
              <span className="flex min-w-0 flex-col">
                <span className="font-medium break-words">{candidate.name}</span>
                {candidate.address && (
                  <span className="text-xs break-words text-slate-600 dark:text-slate-300">
                    {candidate.address}
                  </span>
                )}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
