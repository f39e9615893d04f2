import { t } from '@lingui/core/macro';
import { useOnline } from '../../../../lib/network-status.ts';
import { AIRPORT_SEARCH_MIN_LENGTH, type Airport, useAirportSearch } from '../../api/trip-bookings.ts';
import { BookingInput } from './booking-field.tsx';
import { useSettled } from '../../../../lib/use-settled.ts';

/** How long typing pauses before a search goes (ms): one request per word, not per letter. */
const SEARCH_PAUSE_MS = 300;

const airportText = (airport: Airport): string =>
  [airport.name, airport.city, airport.country].filter(Boolean).join(', ');

interface AirportFieldProps {
  id: string;
  label: string;
  value: string;
  error?: string;
  onChange: (code: string) => void;
}

/**
 * An airport by its three-letter IATA code ("LIS"), with the airports whose code, name or city
 * match what is typed as suggestions (GET /core/places/airports). The server finds the airport's
 * point and time zone from the code.
 */
export function AirportField({ id, label, value, error, onChange }: AirportFieldProps) {
  const online = useOnline();
  const typed = value.trim();
  const words = useSettled(typed, SEARCH_PAUSE_MS);
  const search = useAirportSearch(online ? words : '');
  const airports = typed.length >= AIRPORT_SEARCH_MIN_LENGTH ? (search.data ?? []) : [];
  const found = /^[A-Za-z]{3}$/.test(typed)
    ? airports.find((airport) => airport.iata === typed.toUpperCase())
    : undefined;
  const hint = found
    ? `${airportText(found)} (${found.timeZone})`
    : t`Three letters, like LIS; type a city to find its code.`;
  return (
    <BookingInput
      id={id}
      label={label}
      error={error}
      hint={hint}
      autoCapitalize="characters"
      spellCheck={false}
      list={`${id}-airports`}
      value={value}
      onChange={onChange}
    >
      <datalist id={`${id}-airports`} data-testid="airport-suggestions">
        {airports.map((airport) => (
          <option key={airport.iata} value={airport.iata}>
            {`${airport.iata} – ${airportText(airport)}`}
          </option>
        ))}
      </datalist>
    </BookingInput>
  );
}
