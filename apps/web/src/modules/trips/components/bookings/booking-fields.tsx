import { t } from '@lingui/core/macro';
import { CURRENCY_CODES } from '@tripcrew/contracts/currencies';
import { BOOKING_KINDS, type BookingKind } from '@tripcrew/contracts/trip-bookings';
import type { ReactElement } from 'react';
import { TickBox } from '../../../../components/ui/tick-box.tsx';
import { FieldError } from '../../../../components/ui/form-field.tsx';
import { PLACE_INPUT_CLASS, PLACE_LABEL_CLASS } from '../places/place-styles.ts';
import { BookingField, BookingInput, fieldAria } from './booking-field.tsx';
import type { BookingField as Field, BookingFieldErrors, BookingValues } from './booking-form-values.ts';
import { hasCarrier, hasPartySize, hasSeat, kindLabel } from './booking-kinds.ts';

/** A member who may travel on a booking. */
export interface BookingMember {
  _id: string;
  name: string;
}

interface FieldsProps {
  /** The form's id: each field's is `${id}-${field}`. */
  id: string;
  values: BookingValues;
  errors: BookingFieldErrors;
  onChange: (change: Partial<BookingValues>, field: Field) => void;
}

const TICK_LABEL_CLASS =
  'flex min-h-11 cursor-pointer items-center gap-3 rounded-xl px-2 text-sm text-slate-800 hover:bg-slate-50 dark:text-slate-200 dark:hover:bg-slate-800';

/** The currencies' options, built once and reused as they are (no work on each keystroke). */
let currencies: ReactElement[] | null = null;
const currencyOptions = (): ReactElement[] =>
  (currencies ??= CURRENCY_CODES.map((code) => (
    <option key={code} value={code}>
      {code}
    </option>
  )));

/** The kind (which decides the other fields) and the title. */
export function BookingKindFields({ id, values, errors, onChange }: FieldsProps) {
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-[minmax(0,12rem)_minmax(0,1fr)]">
      <BookingField id={`${id}-kind`} label={t`Kind`} error={errors.kind}>
        <select
          {...fieldAria(`${id}-kind`, errors.kind)}
          value={values.kind}
          onChange={(event) => onChange({ kind: event.target.value as BookingKind }, 'kind')}
          className={PLACE_INPUT_CLASS}
        >
          {BOOKING_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {kindLabel(kind)}
            </option>
          ))}
        </select>
      </BookingField>
      <BookingInput
        id={`${id}-title`}
        label={t`Title (optional)`}
        error={errors.title}
        value={values.title}
        onChange={(title) => onChange({ title }, 'title')}
      />
    </div>
  );
}

interface DetailFieldsProps extends FieldsProps {
  members: readonly BookingMember[];
  /** Admins keep a booking off the share page. */
  isAdmin: boolean;
}

/** The provider, carrier and number, seat, party size, code, travellers, cost, notes (and, for admins, the share page). */
export function BookingDetailFields({ id, values, errors, members, isAdmin, onChange }: DetailFieldsProps) {
  const { kind } = values;
  const text = (field: 'provider' | 'confirmationCode' | 'carrier' | 'number' | 'seat', label: string) => (
    <BookingInput
      id={`${id}-${field}`}
      label={label}
      error={errors[field]}
      value={values[field]}
      onChange={(next) => onChange({ [field]: next }, field)}
    />
  );
  const toggle = (member: string, on: boolean) =>
    onChange(
      {
        travellers: on
          ? [...values.travellers, member]
          : values.travellers.filter((traveller) => traveller !== member),
      },
      'travellers',
    );
  return (
    <>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {text('provider', t`Provider (optional)`)}
        {text('confirmationCode', t`Confirmation code (optional)`)}
        {hasCarrier(kind) && text('carrier', t`Carrier (optional)`)}
        {hasCarrier(kind) && text('number', t`Number (optional)`)}
        {hasSeat(kind) && text('seat', t`Seat (optional)`)}
        {hasPartySize(kind) && (
          <BookingInput
            id={`${id}-partySize`}
            label={t`Party size (optional)`}
            error={errors.partySize}
            type="number"
            inputMode="numeric"
            min={1}
            value={values.partySize}
            onChange={(partySize) => onChange({ partySize }, 'partySize')}
          />
        )}
      </div>
      {members.length > 0 && (
        <fieldset
          className="flex min-w-0 flex-col gap-1"
          aria-describedby={errors.travellers ? `${id}-travellers-error` : undefined}
        >
          <legend className={PLACE_LABEL_CLASS}>{t`Travellers (optional)`}</legend>
          <div className="grid grid-cols-1 gap-x-4 sm:grid-cols-2">
            {members.map((member) => (
              <label key={member._id} className={TICK_LABEL_CLASS}>
                <TickBox
                  checked={values.travellers.includes(member._id)}
                  onChange={(on) => toggle(member._id, on)}
                />
                <span className="min-w-0 break-words">{member.name}</span>
              </label>
            ))}
          </div>
          <FieldError id={`${id}-travellers`} error={errors.travellers} />
        </fieldset>
      )}
      <div className="grid grid-cols-[minmax(0,1fr)_minmax(0,7rem)] gap-4">
        <BookingInput
          id={`${id}-costAmount`}
          label={t`Cost (optional)`}
          error={errors.costAmount}
          inputMode="decimal"
          value={values.costAmount}
          onChange={(costAmount) => onChange({ costAmount }, 'costAmount')}
        />
        <BookingField id={`${id}-costCurrency`} label={t`Currency`} error={errors.costCurrency}>
          <select
            {...fieldAria(`${id}-costCurrency`, errors.costCurrency)}
            value={values.costCurrency}
            onChange={(event) => onChange({ costCurrency: event.target.value }, 'costCurrency')}
            className={PLACE_INPUT_CLASS}
          >
            {!CURRENCY_CODES.includes(values.costCurrency) && (
              <option value={values.costCurrency}>{values.costCurrency}</option>
            )}
            {currencyOptions()}
          </select>
        </BookingField>
      </div>
      <BookingField id={`${id}-notes`} label={t`Notes (optional)`} error={errors.notes}>
        <textarea
          {...fieldAria(`${id}-notes`, errors.notes)}
          rows={3}
          value={values.notes}
          onChange={(event) => onChange({ notes: event.target.value }, 'notes')}
          className={PLACE_INPUT_CLASS}
        />
      </BookingField>
      {isAdmin && (
        <label className={TICK_LABEL_CLASS}>
          <TickBox
            checked={values.hiddenFromShare}
            onChange={(on) => onChange({ hiddenFromShare: on }, 'hiddenFromShare')}
          />
          <span>{t`Hide from the share page`}</span>
        </label>
      )}
    </>
  );
}
