import { t } from '@lingui/core/macro';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../../components/ui/button.tsx';
import { CancelActions } from '../../../../components/ui/cancel-actions.tsx';
import { ConflictNotice } from '../../../../components/ui/conflict-notice.tsx';
import { Dialog } from '../../../../components/ui/dialog.tsx';
import { isApiError, isNetworkError, NETWORK_ERROR_MESSAGE } from '../../../../lib/api-client.ts';
import { i18n } from '../../../../lib/i18n/i18n.ts';
import { type VersionConflict, versionConflictOf } from '../../../../lib/version-conflict.ts';
import {
  type NewTripBooking,
  newTripBookingId,
  type TripBooking,
  type UpdateTripBookingBody,
} from '../../api/trip-bookings.ts';
import { PLACE_ERROR_CLASS } from '../places/place-styles.ts';
import { clashOf, conflictText } from './booking-conflict.ts';
import { BookingEndFields, type EndName } from './booking-end-fields.tsx';
import { type BookingMember, BookingDetailFields, BookingKindFields } from './booking-fields.tsx';
import {
  type BookingChange,
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
  /** The booking to change; a new one without. */
  booking?: TripBooking;
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
export function BookingFormDialog({
  booking,
  members,
  isAdmin,
  onAdd,
  onUpdate,
  onConflict,
  onClose,
}: BookingFormDialogProps) {
  const formId = useId();
  const form = useRef<HTMLFormElement>(null);
  // One id for every try of this add: a retry after a refusal, or a replay offline, adds it once.
  const [bookingId] = useState(() => booking?._id ?? newTripBookingId());
  const [base, setBase] = useState<BookingValues>(() => (booking ? valuesOf(booking) : emptyBooking()));
  const [values, setValues] = useState<BookingValues>(base);
  const [version, setVersion] = useState(booking?.version ?? 1);
  const [errors, setErrors] = useState<BookingFieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [conflict, setConflict] = useState<{ found: VersionConflict; clash: BookingChange[] } | null>(null);
  const [busy, setBusy] = useState(false);
  const [problems, setProblems] = useState(0);
  const names = (ids: string[]) =>
    ids.map((memberId) => members.find((member) => member._id === memberId)?.name ?? memberId).join(', ');

  // After a refused save, the first field with a problem takes the focus.
  useEffect(() => {
    if (problems > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [problems]);

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

  /** Problems by field; those of fields not shown for the kind go to the form's message. */
  const show = (found: BookingFieldErrors, form: string | null, mine: BookingValues) => {
    const shown: BookingFieldErrors = {};
    let message = form;
    for (const [field, error] of Object.entries(found) as [BookingField, string][]) {
      if (shows(field, mine)) shown[field] = error;
      else message ??= error;
    }
    setErrors(shown);
    setFormError(message);
    if (Object.keys(shown).length > 0 || message) setProblems((count) => count + 1);
  };

  const refused = (error: unknown, mine: BookingValues) => {
    setBusy(false);
    const found = booking ? versionConflictOf(error) : null;
    if (found && booking) {
      // Nothing was written: what the person typed stays, over the booking as it is now.
      const now = valuesOfCurrent(found.current, booking);
      setValues(withPartsOf(now, mine, changedParts(mine, base)));
      setBase(now);
      setVersion(found.version);
      setConflict({ found, clash: clashOf(found.fields) });
      onConflict();
      return;
    }
    if (isNetworkError(error)) return setFormError(i18n._(NETWORK_ERROR_MESSAGE));
    const field = isApiError(error) ? fieldOf(error.field, mine.kind) : null;
    const message =
      error instanceof Error && error.message ? error.message : t`The booking could not be saved.`;
    show(field ? { [field]: message } : {}, field ? null : message, mine);
  };

  const save = async (body: NewTripBooking | UpdateTripBookingBody, mine: BookingValues) => {
    setBusy(true);
    setFormError(null);
    try {
      if (booking) await onUpdate(booking._id, body as UpdateTripBookingBody);
      else await onAdd(body as NewTripBooking);
      onClose();
    } catch (error) {
      refused(error, mine);
    }
  };

  const submit = () => {
    setFormError(null);
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
    void save(body, values);
  };

  /** Someone else's version of the clashing parts, the person's own for the rest. */
  const keepTheirs = () => {
    if (!conflict) return;
    const next = withPartsOf(values, base, conflict.clash);
    setValues(next);
    setConflict(null);
    const body = updateBody(next, base, version);
    if (body) void save(body, next);
    else onClose();
  };

  const sendMine = () => {
    if (!conflict) return;
    setConflict(null);
    const body = updateBody(values, base, version);
    if (body) void save(body, values);
    else onClose();
  };

  const change = (next: Partial<BookingValues>, field: BookingField) => {
    setValues((current) => ({ ...current, ...next }));
    clear(field);
  };

  return (
    <Dialog open onClose={onClose} title={booking ? t`Edit booking` : t`Add a booking`} size="lg">
      {conflict ? (
        <ConflictNotice
          by={conflict.found.changedBy?.name ?? null}
          theirs={conflictText(base, conflict.clash, names)}
          mine={conflictText(values, conflict.clash, names)}
          busy={busy}
          onKeepTheirs={keepTheirs}
          onUseMine={sendMine}
        />
      ) : (
        <form
          ref={form}
          noValidate
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <BookingKindFields id={formId} values={values} errors={errors} onChange={change} />
          <BookingEndFields id={formId} values={values} errors={errors} onEnd={onEnd} />
          <BookingDetailFields
            id={formId}
            values={values}
            errors={errors}
            members={members}
            isAdmin={isAdmin}
            onChange={change}
          />
          {formError && (
            <p
              role="alert"
              className={`rounded-2xl bg-red-50 p-3 dark:bg-red-950/60 ${PLACE_ERROR_CLASS}`}
              data-testid="booking-form-error"
            >
              {formError}
            </p>
          )}
          <CancelActions onCancel={onClose} wrap className="pt-1 [&>button]:min-h-11">
            <Button type="submit" disabled={busy} className="min-h-11">
              {busy ? t`Saving…` : booking ? t`Save` : t`Add booking`}
            </Button>
          </CancelActions>
        </form>
      )}
    </Dialog>
  );
}
