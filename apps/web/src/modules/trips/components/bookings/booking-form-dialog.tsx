import { t } from '@lingui/core/macro';
import type { BookingKind } from '@tripcrew/contracts/trip-bookings';
import { useId, useState } from 'react';
import { isApiError } from '../../../../lib/api-client.ts';
import {
  type NewTripBooking,
  newTripBookingId,
  type TripBooking,
  type UpdateTripBookingBody,
} from '../../api/trip-bookings.ts';
import { useVersionedForm, VersionedFormDialog } from '../versioned-form-dialog.tsx';
import { editingKey, useEditingPresence } from '../presence/editing-presence.tsx';
import { clashOf, conflictText } from './booking-conflict.ts';
import { BookingEndFields, type EndName } from './booking-end-fields.tsx';
import { type BookingMember, BookingDetailFields, BookingKindFields } from './booking-fields.tsx';
import {
  type BookingField,
  type BookingFieldErrors,
  type BookingValues,
  bodyProblems,
  changedParts,
  createBody,
  emptyBooking,
  type EndValues,
  fieldOf,
  updateBody,
  valuesOf,
  valuesOfCurrent,
  withPartsOf,
} from './booking-form-values.ts';
import { hasCarrier, hasPartySize, hasSeat, hasTwoPlaces, placeModeOf } from './booking-kinds.ts';

interface BookingFormDialogProps {
  tripId: string;
  /** The booking to change; a new one without. */
  booking?: TripBooking;
  /** The kind a new booking starts as (a flight unless told). */
  kind?: BookingKind | undefined;
  /** The trip's members, who may be its travellers. */
  members: readonly BookingMember[];
  isAdmin: boolean;
  onAdd: (body: NewTripBooking) => Promise<unknown>;
  onUpdate: (bookingId: string, change: UpdateTripBookingBody) => Promise<unknown>;
  /** Someone else changed the booking meanwhile: the list is read again. */
  onConflict: () => void;
  onClose: () => void;
}

/** Whether the form shows `field` for this kind (a problem of a field not shown goes to the form). */
function shows(field: BookingField, values: BookingValues): boolean {
  const { kind } = values;
  const mode = placeModeOf(kind);
  const two = hasTwoPlaces(kind);
  if (field === 'carrier' || field === 'number') return hasCarrier(kind);
  if (field === 'seat') return hasSeat(kind);
  if (field === 'partySize') return hasPartySize(kind);
  if (field === 'startIata' || field === 'endIata') return mode === 'iata' && (two || field === 'startIata');
  if (field === 'startName' || field === 'startAddress') return mode === 'name';
  if (field === 'endName' || field === 'endAddress') return mode === 'name' && two;
  if (field === 'endZone') return two;
  return true;
}

/**
 * Add or change a booking. The fields follow its kind (an airport code for a flight, a place for a
 * train or a hotel; a party size for a table); times are local to where they happen, with a zone
 * the server finds when it is left empty. Checked by the contract before it goes, the server's
 * refusal shown at its field (or above the buttons). A change sends only the parts changed and the
 * version it started from (decision 035): when someone else changed the same parts meanwhile,
 * both versions are shown and nothing typed is lost.
 */
export function BookingFormDialog(props: BookingFormDialogProps) {
  const { tripId, booking, kind, members, isAdmin, onAdd, onUpdate, onConflict, onClose } = props;
  const formId = useId();
  // The others see "… is editing" on the booking while this form is open (issue 35).
  useEditingPresence(tripId, booking ? editingKey('booking', booking._id) : null);
  // One id for every try of this add: a retry after a refusal, or a replay offline, adds it once.
  const [bookingId] = useState(() => booking?._id ?? newTripBookingId());
  const [errors, setErrors] = useState<BookingFieldErrors>({});
  const [problems, setProblems] = useState(0);
  const names = (ids: string[]) =>
    ids.map((memberId) => members.find((member) => member._id === memberId)?.name ?? memberId).join(', ');

  const edit = useVersionedForm({
    initial: () => (booking ? valuesOf(booking) : emptyBooking(kind)),
    version: booking ? booking.version : null,
    rules: {
      changed: changedParts,
      withPartsOf,
      current: (current) => valuesOfCurrent(current, booking as TripBooking),
      clashOf,
    },
    updateBody,
    send: (body: NewTripBooking | UpdateTripBookingBody) =>
      booking ? onUpdate(booking._id, body as UpdateTripBookingBody) : onAdd(body as NewTripBooking),
    onConflict,
    onRefused: (error, mine) => {
      const field = isApiError(error) ? fieldOf(error.field, mine.kind) : null;
      const message =
        error instanceof Error && error.message ? error.message : t`The booking could not be saved.`;
      show(field ? { [field]: message } : {}, field ? null : message, mine);
    },
    onClose,
  });
  const { base, values, setValues, version } = edit;

  /** Problems by field; those of fields not shown for the kind go to the form's message. */
  const show = (found: BookingFieldErrors, form: string | null, mine: BookingValues) => {
    const shown: BookingFieldErrors = {};
    let message = form;
    for (const [field, error] of Object.entries(found) as [BookingField, string][]) {
      if (shows(field, mine)) shown[field] = error;
      else message ??= error;
    }
    setErrors(shown);
    edit.setFormError(message);
    if (Object.keys(shown).length > 0 || message) setProblems((count) => count + 1);
  };

  const clear = (field: BookingField) => setErrors(({ [field]: _done, ...rest }) => rest);

  const onEnd = (end: EndName, change: Partial<EndValues>) => {
    setValues((current) => {
      const next = { ...current[end], ...change };
      // Another airport: its zone is found again, unless one was picked by hand.
      if (change.iata !== undefined && current[end].zone === base[end].zone) next.zone = '';
      return { ...current, [end]: next };
    });
    for (const key of Object.keys(change))
      clear(`${end}${key[0]?.toUpperCase()}${key.slice(1)}` as BookingField);
  };

  const submit = () => {
    edit.setFormError(null);
    const body = booking ? updateBody(values, base, version) : createBody(bookingId, values);
    if (body === null) return onClose();
    const checked = bodyProblems(body, !booking, values.kind);
    const found = { ...checked.fields };
    if (!values.start.local.trim()) found.startLocal = t`Give the date and time it starts.`;
    const { end } = values;
    if (hasTwoPlaces(values.kind) && !end.local.trim() && (end.iata.trim() || end.name.trim()))
      found.endLocal = t`Give the date and time it ends, or leave its place empty.`;
    if (Object.keys(found).length > 0 || checked.form) return show(found, checked.form, values);
    setErrors({});
    void edit.save(body, values);
  };

  const change = (next: Partial<BookingValues>, field: BookingField) => {
    setValues((current) => ({ ...current, ...next }));
    clear(field);
  };

  const fields = { id: formId, values, errors, onChange: change };
  return (
    <VersionedFormDialog
      title={booking ? t`Edit booking` : t`Add a booking`}
      size="lg"
      form={edit}
      mine={values}
      describe={(shown, parts) => conflictText(shown, parts, names)}
      problems={problems}
      onSubmit={submit}
      formErrorTestId="booking-form-error"
      submitLabel={booking ? t`Save` : t`Add booking`}
      onClose={onClose}
    >
      <BookingKindFields {...fields} />
      <BookingEndFields id={formId} values={values} errors={errors} onEnd={onEnd} />
      <BookingDetailFields {...fields} members={members} isAdmin={isAdmin} />
    </VersionedFormDialog>
  );
}
