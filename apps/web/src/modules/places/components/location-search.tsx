import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import clsx from 'clsx';
import { Clock, MapPin } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import {
  AUTOCOMPLETE_DEBOUNCE_MS,
  AUTOCOMPLETE_MIN_LENGTH,
  autocompletePlaces,
  type Place,
} from '../api/autocomplete-places.ts';
import {
  addRecentLocation,
  RECENT_LOCATIONS_LIMIT,
  type RecentLocation,
  selectRecentLocations,
} from '../state/locations-slice.ts';
import { i18n } from '../../../lib/i18n/i18n.ts';

export const LOCATION_PLACEHOLDER = msg`where do you want to be?`;

/** What a chosen option carries: enough to build its place path. */
export type ChosenLocation = RecentLocation & Pick<Place, 'type'>;

interface LocationSearchProps {
  /** Called after the choice was added to the recent locations. */
  onChoose: (place: ChosenLocation) => void;
  autoFocus?: boolean;
  className?: string;
}

function toRecent(place: Place): ChosenLocation {
  return {
    _id: place._id,
    title: place.title,
    type: place.type,
    country: place.country,
    ...(place.region ? { region: place.region } : {}),
    short: place.short,
    image: place.image,
  };
}

function uniqueRecent(items: readonly RecentLocation[]): RecentLocation[] {
  const seen = new Set<string>();
  return items
    .filter((item) => {
      if (seen.has(item._id)) return false;
      seen.add(item._id);
      return true;
    })
    .slice(0, RECENT_LOCATIONS_LIMIT);
}

function subtitle(place: RecentLocation): string {
  return [place.region, place.country].filter((part) => part && part !== place.title).join(', ');
}

/**
 * Location search (SPEC §2, §5): a combobox; the autocomplete runs 500 ms after typing stops or at
 * once on Enter, only with at least 3 trimmed characters. Before typing it offers the recent
 * locations. Failures are logged only (SPEC §8).
 */
export function LocationSearch({ onChoose, autoFocus = false, className }: LocationSearchProps) {
  const { t } = useLingui();
  const dispatch = useDispatch();
  const recent = uniqueRecent(useSelector(selectRecentLocations));
  const [text, setText] = useState('');
  const [results, setResults] = useState<Place[]>([]);
  const [searched, setSearched] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef(0);
  const listId = useId();
  const inputId = useId();

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const showingRecent = text.trim() === '';
  const options: RecentLocation[] = showingRecent ? recent : results.map(toRecent);

  const runSearch = (value: string) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const query = value.trim();
    if (query.length < AUTOCOMPLETE_MIN_LENGTH) return;
    const ticket = ++latest.current;
    autocompletePlaces(query)
      .then((places) => {
        if (ticket !== latest.current) return;
        setResults(places);
        setSearched(query);
        setActive(places.length > 0 ? 0 : -1);
        setOpen(true);
      })
      .catch((error: unknown) => {
        console.warn('Place autocomplete failed', error);
      });
  };

  const onChange = (value: string) => {
    setText(value);
    setOpen(true);
    setActive(-1);
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (value.trim().length >= AUTOCOMPLETE_MIN_LENGTH) {
      timer.current = setTimeout(() => runSearch(value), AUTOCOMPLETE_DEBOUNCE_MS);
    } else {
      latest.current++;
      setResults([]);
      setSearched('');
    }
  };

  const choose = (option: RecentLocation) => {
    const place = option as ChosenLocation;
    dispatch(addRecentLocation(option));
    setOpen(false);
    setText('');
    setResults([]);
    setActive(-1);
    onChoose(place);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      if (options.length > 0) setActive((index) => (index + 1) % options.length);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      if (options.length > 0) setActive((index) => (index <= 0 ? options.length - 1 : index - 1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const option = open ? options[active] : undefined;
      if (option) choose(option);
      else runSearch(text);
    } else if (event.key === 'Escape') {
      setOpen(false);
    }
  };

  const expanded = open && options.length > 0;
  const optionId = (index: number) => `${listId}-option-${index}`;

  return (
    <div className={clsx('relative min-w-0 flex-1', className)}>
      <label htmlFor={inputId} className="sr-only">
        <Trans>Location</Trans>
      </label>
      <MapPin
        aria-hidden="true"
        className="pointer-events-none absolute top-3.5 left-4 size-5 text-brand-600 dark:text-brand-400"
      />
      <input
        id={inputId}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        autoFocus={autoFocus}
        placeholder={i18n._(LOCATION_PLACEHOLDER)}
        value={text}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        className="h-12 w-full min-w-0 rounded-full border border-slate-200 bg-white pr-4 pl-12 text-base shadow-sm transition placeholder:text-slate-400 focus:border-brand-500 focus:ring-4 focus:ring-brand-500/15 focus:outline-none dark:border-slate-700 dark:bg-slate-900 dark:placeholder:text-slate-500"
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={showingRecent ? t`Recent locations` : t`Places`}
        hidden={!expanded}
        className="absolute inset-x-0 top-14 z-40 max-h-80 overflow-y-auto rounded-2xl bg-white p-1 shadow-xl ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-700"
      >
        {options.map((option, index) => (
          <li
            key={option._id}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            // Choose on mousedown so the input's blur does not close the list first.
            onMouseDown={(event) => {
              event.preventDefault();
              choose(option);
            }}
            onMouseEnter={() => setActive(index)}
            className={clsx(
              'flex cursor-pointer items-center gap-3 rounded-xl px-3 py-2',
              index === active && 'bg-brand-50 dark:bg-brand-950/60',
            )}
          >
            {showingRecent ? (
              <Clock aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
            ) : (
              <MapPin aria-hidden="true" className="size-4 shrink-0 text-brand-600" />
            )}
            <span className="min-w-0">
              <span className="block truncate font-medium">{option.title}</span>
              <span className="block truncate text-xs text-slate-500 dark:text-slate-400">
                {[subtitle(option), option.type?.toLowerCase()].filter(Boolean).join(' · ')}
              </span>
            </span>
          </li>
        ))}
      </ul>
      {!showingRecent && searched !== '' && results.length === 0 && open && (
        <p
          role="status"
          className="absolute inset-x-0 top-14 z-40 rounded-2xl bg-white p-3 text-sm shadow-xl dark:bg-slate-900"
        >
          <Trans>No place found for “{searched}”</Trans>
        </p>
      )}
    </div>
  );
}
