import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowRight } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, buttonClass } from '../../../../components/ui/button.tsx';
import { Dialog } from '../../../../components/ui/dialog.tsx';
import { EmojiLoader } from '../../../../components/ui/emoji-loader.tsx';
import { QueryError } from '../../../../components/ui/query-error.tsx';
import type { BookingKind } from '../../api/get-my-bookings.ts';
import { useTrips } from '../../api/get-trips.ts';
import { LabelledSelect } from '../labelled-select.tsx';
import { tripPermissions } from '../trip-roles.ts';

/** Add one by hand, or read it from a confirmation mail. */
export type BookingAction = 'add' | 'import';

/**
 * Where a booking is added: the trip's bookings tab, told to open its form for `kind` (`add=`) or
 * its mail import (`import=1`).
 */
export function addBookingHref(tripId: string, action: BookingAction, kind: BookingKind): string {
  const what = action === 'import' ? 'import=1' : `add=${encodeURIComponent(kind)}`;
  return `/trips/${encodeURIComponent(tripId)}?tab=bookings&${what}`;
}

const SELECT_CLASS =
  'min-h-11 w-full rounded-xl border border-slate-300 bg-white px-3 text-base text-slate-900 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100';

/** The trips the user may add bookings to (an editor's role), in the list's order, and the choice. */
function TripChoice({ action, kind }: { action: BookingAction; kind: BookingKind }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const trips = useTrips();
  const editable = (trips.data ?? []).filter((trip) => tripPermissions(trip.myRole).canEdit);
  const [chosen, setChosen] = useState<string | null>(null);
  const tripId = chosen ?? editable[0]?._id ?? '';

  if (trips.isPending) return <EmojiLoader label={t`Loading your trips…`} className="py-6" />;
  if (trips.isError) {
    return <QueryError query={trips} variant="plain" message={t`We could not load your trips.`} />;
  }
  if (editable.length === 0) {
    return (
      <div className="flex flex-col items-start gap-3">
        <p className="text-slate-700 dark:text-slate-200">
          <Trans>
            Bookings belong to a trip, and you have no trip you can add them to yet. Create one first: pick a
            place and press 'Trip create'.
          </Trans>
        </p>
        <Link to="/" className={buttonClass({ size: 'md' }, 'min-h-11')}>
          <Trans>Find a place</Trans>
        </Link>
      </div>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (tripId) void navigate(addBookingHref(tripId, action, kind));
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {action === 'import' ? (
          <Trans>
            The booking is read from the mail on the trip's Bookings tab, where you check it before saving.
          </Trans>
        ) : (
          <Trans>The booking is added on the trip's Bookings tab, where the whole crew sees it.</Trans>
        )}
      </p>
      <div className="flex flex-col gap-1.5">
        <LabelledSelect
          label={<Trans>Trip</Trans>}
          value={tripId}
          options={editable.map((trip) => ({ value: trip._id, label: trip.tripName }))}
          onChange={setChosen}
          labelClassName="text-sm font-medium text-slate-800 dark:text-slate-100"
          selectClassName={SELECT_CLASS}
        />
      </div>
      <Button type="submit" className="min-h-11 self-end">
        <Trans>Continue</Trans>
        <ArrowRight aria-hidden="true" className="size-4" />
      </Button>
    </form>
  );
}

interface ChooseTripDialogProps {
  /** The action asked for, or null while the dialog is closed. */
  action: BookingAction | null;
  kind: BookingKind;
  onClose: () => void;
}

/**
 * Asks which trip a new booking belongs to, then opens that trip's bookings tab with its form (or
 * its mail import). The trips load when it opens.
 */
export function ChooseTripDialog({ action, kind, onClose }: ChooseTripDialogProps) {
  const { t } = useLingui();
  return (
    <Dialog
      open={action !== null}
      onClose={onClose}
      size="sm"
      title={action === 'import' ? t`Import into which trip?` : t`Add to which trip?`}
    >
      {action !== null && <TripChoice action={action} kind={kind} />}
    </Dialog>
  );
}
