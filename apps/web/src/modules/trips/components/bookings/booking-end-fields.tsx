import { ph, t } from '@lingui/core/macro';
import type { ReactElement } from 'react';
import { AirportField } from './airport-field.tsx';
import { BookingInput } from './booking-field.tsx';
import type { BookingFieldErrors, BookingValues, EndField, EndValues } from './booking-form-values.ts';
import { endWordsOf, hasTwoPlaces, placeModeOf } from './booking-kinds.ts';

export type EndName = 'start' | 'end';

/** The IANA zones the browser knows as suggestions, UTC first; built on first use, then reused as they are. */
let zoneOptions: ReactElement[] | null = null;
const knownZones = (): ReactElement[] =>
  (zoneOptions ??= ['UTC', ...Intl.supportedValuesOf('timeZone').filter((zone) => zone !== 'UTC')].map(
    (zone) => <option key={zone} value={zone} />,
  ));

/** A zone by its IANA name ("Europe/Lisbon"), the browser's zones as suggestions; empty: the server finds it. */
function ZoneField(props: {
  id: string;
  /** The id of the form's one list of zones. */
  list: string;
  label: string;
  value: string;
  error?: string;
  onChange: (zone: string) => void;
}) {
  return (
    <BookingInput
      {...props}
      hint={t`Empty: found from the airport or the place.`}
      autoCapitalize="off"
      spellCheck={false}
    />
  );
}

interface BookingEndFieldsProps {
  /** The form's id: each field's is `${id}-${field}`. */
  id: string;
  values: BookingValues;
  errors: BookingFieldErrors;
  onEnd: (end: EndName, change: Partial<EndValues>) => void;
}

/**
 * Where and when: for transport and a car rental a place, a local date-time and a zone for the
 * start and for the end (an airport code for flights); for lodging, a table, an event or a tour
 * one place, its start and end, and one zone. A zone left empty is found by the server from the
 * airport or the place's point.
 */
export function BookingEndFields({ id, values, errors, onEnd }: BookingEndFieldsProps) {
  const { kind } = values;
  const words = endWordsOf(kind);
  const two = hasTwoPlaces(kind);
  const fieldId = (end: EndName, field: EndField) => `${id}-${end}${field}`;
  const error = (end: EndName, field: EndField) => errors[`${end}${field}`];

  const place = (end: EndName, label: string) => {
    const value = values[end];
    if (placeModeOf(kind) === 'iata') {
      return (
        <AirportField
          id={fieldId(end, 'Iata')}
          label={t`${label}: airport code`}
          value={value.iata}
          error={error(end, 'Iata')}
          onChange={(iata) => onEnd(end, { iata })}
        />
      );
    }
    return (
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <BookingInput
          id={fieldId(end, 'Name')}
          label={label}
          error={error(end, 'Name')}
          value={value.name}
          onChange={(name) => onEnd(end, { name })}
        />
        <BookingInput
          id={fieldId(end, 'Address')}
          label={t`${label}: address (optional)`}
          error={error(end, 'Address')}
          value={value.address}
          onChange={(address) => onEnd(end, { address })}
        />
      </div>
    );
  };

  const when = (end: EndName, label: string) => (
    <BookingInput
      id={fieldId(end, 'Local')}
      label={label}
      error={error(end, 'Local')}
      type="datetime-local"
      value={values[end].local}
      onChange={(local) => onEnd(end, { local })}
    />
  );

  const zone = (end: EndName, label: string) => (
    <ZoneField
      id={fieldId(end, 'Zone')}
      list={`${id}-zones`}
      label={label}
      value={values[end].zone}
      error={error(end, 'Zone')}
      onChange={(next) => onEnd(end, { zone: next })}
    />
  );

  const zones = <datalist id={`${id}-zones`}>{knownZones()}</datalist>;

  if (!two) {
    return (
      <fieldset className="flex min-w-0 flex-col gap-4">
        {zones}
        <legend className="sr-only">{t`Where and when`}</legend>
        {place('start', words.startPlace)}
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          {when('start', words.start)}
          {when('end', t`${ph({ end: words.end })} (optional)`)}
        </div>
        {zone('start', t`Time zone (optional)`)}
      </fieldset>
    );
  }
  return (
    <>
      {zones}
      {(['start', 'end'] as const).map((end) => {
        const name = end === 'start' ? words.start : words.end;
        return (
          <fieldset
            key={end}
            className="flex min-w-0 flex-col gap-4 rounded-2xl p-3 ring-1 ring-slate-200 dark:ring-slate-800"
          >
            <legend className="px-1 text-sm font-semibold text-slate-900 dark:text-white">{name}</legend>
            {place(end, end === 'start' ? words.startPlace : words.endPlace)}
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              {when(end, t`${ph({ end: name })}: local date and time`)}
              {zone(end, t`${ph({ end: name })}: time zone (optional)`)}
            </div>
          </fieldset>
        );
      })}
    </>
  );
}
