import { ph, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import { Button } from '../../../../components/ui/button.tsx';
import type { TripBooking } from '../../api/trip-bookings.ts';
import { ConfirmDialog } from '../members/confirm-dialog.tsx';
import { RemoveDialog, type RemoveMutation } from '../trip-list-section.tsx';
import type { LinkedExpense } from './booking-expenses.ts';
import { bookingTitle } from './booking-parts.tsx';

interface BookingRemoveDialogProps {
  booking: TripBooking;
  remove: RemoveMutation;
  /** The expense made from the booking, when the caller reads the trip's money and one names it. */
  linked: LinkedExpense | null;
  /** After the booking is removed with its expense kept (now unlinked). */
  onRemoved: () => void;
  onClose: () => void;
}

const messageOf = (error: unknown): string | null =>
  error instanceof Error && error.message ? error.message : null;

/**
 * "Remove this booking?" A booking an expense was made from asks too: "Also delete the expense
 * “…”?" — keep it (the server lets go of the link) or delete both (the expense first, so a refusal
 * leaves both). Someone who may not delete the expense is told it stays.
 */
export function BookingRemoveDialog({
  booking,
  remove,
  linked: linkedNow,
  onRemoved,
  onClose,
}: BookingRemoveDialogProps) {
  // The question stays as asked while the answer is carried out (the expense deleted first).
  const [linked, setLinked] = useState(linkedNow);
  if (linkedNow && !linked) setLinked(linkedNow);
  const [expenseBusy, setExpenseBusy] = useState(false);
  const [expenseError, setExpenseError] = useState<string | null>(null);
  const name = bookingTitle(booking);
  const removed = <Trans>“{ph({ name })}” leaves the trip's bookings for everyone.</Trans>;
  if (!linked) {
    return (
      <RemoveDialog id={booking._id} remove={remove} title={t`Remove this booking?`} onClose={onClose}>
        {removed}
      </RemoveDialog>
    );
  }

  const close = () => {
    onClose();
    remove.reset();
  };
  const removeBooking = () =>
    remove.mutate(booking._id, {
      onSuccess: () => {
        onRemoved();
        close();
      },
    });
  const deleteExpense = linked.remove;
  const removeBoth = async () => {
    if (!deleteExpense) return;
    setExpenseBusy(true);
    setExpenseError(null);
    try {
      await deleteExpense();
    } catch (error) {
      setExpenseError(messageOf(error) ?? t`The expense could not be deleted.`);
      return;
    } finally {
      setExpenseBusy(false);
    }
    removeBooking();
  };
  const busy = expenseBusy || remove.isPending;
  const error =
    expenseError ?? (remove.isError ? (messageOf(remove.error) ?? t`Something went wrong.`) : null);
  return (
    <ConfirmDialog
      open
      title={t`Remove this booking?`}
      confirmLabel={deleteExpense ? t`Delete both` : t`Remove`}
      busy={busy}
      error={error}
      alternative={
        deleteExpense && (
          <Button variant="secondary" disabled={busy} onClick={removeBooking}>
            <Trans>Keep the expense</Trans>
          </Button>
        )
      }
      onConfirm={deleteExpense ? () => void removeBoth() : removeBooking}
      onClose={close}
    >
      <div className="flex flex-col gap-2">
        <p>{removed}</p>
        {deleteExpense ? (
          <p className="font-medium">
            <Trans>Also delete the expense “{ph({ expense: linked.title })}”?</Trans>
          </p>
        ) : (
          <p>
            <Trans>The expense “{ph({ expense: linked.title })}” stays in the trip's money.</Trans>
          </p>
        )}
      </div>
    </ConfirmDialog>
  );
}
