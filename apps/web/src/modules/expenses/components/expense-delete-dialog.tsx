import { ph } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '../../../components/ui/button.tsx';
import { CancelActions } from '../../../components/ui/cancel-actions.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { type Expense, useExpenseActions } from '../api/expense-list.ts';
import type { ExpenseBooking } from './expense-booking.ts';
import { settlementText } from './money-ui.ts';

const messageOf = (error: unknown): string | null =>
  error instanceof Error && error.message ? error.message : null;

interface ExpenseDeleteDialogProps {
  tripId: string;
  /** The expense or payment to delete; the dialog is closed without. */
  entry: Expense | null;
  /** The booking the expense was made from, when the trip's bookings still have it. */
  booking: ExpenseBooking | null;
  onClose: () => void;
}

/**
 * "Delete this expense?" An expense made from a booking asks too whether the booking goes with it
 * ("Delete both", the expense first) or stays ("Keep the booking"); someone who may not remove the
 * booking is told it stays. A refusal is a toast; nothing else is undone.
 */
export function ExpenseDeleteDialog({ tripId, entry, booking, onClose }: ExpenseDeleteDialogProps) {
  const { t } = useLingui();
  const { remove } = useExpenseActions(tripId);
  const [removingBooking, setRemovingBooking] = useState(false);
  const busy = remove.isPending || removingBooking;
  const settlement = entry?.kind === 'settlement';
  const withBooking = booking?.remove ?? null;

  const run = async (alsoBooking: boolean) => {
    if (!entry) return;
    try {
      await remove.mutateAsync(entry._id);
    } catch (error) {
      toast.error(messageOf(error) ?? t`It could not be deleted.`, { toastId: 'expense-delete' });
      return;
    }
    if (alsoBooking && withBooking && booking) {
      setRemovingBooking(true);
      try {
        await withBooking();
      } catch (error) {
        const why = messageOf(error) ?? t`Something went wrong.`;
        toast.error(
          t`The expense is deleted, but the booking “${ph({ booking: booking.title })}” could not be: ${why}`,
          { toastId: 'expense-delete-booking' },
        );
      } finally {
        setRemovingBooking(false);
      }
    }
    onClose();
  };

  return (
    <Dialog
      open={entry !== null}
      onClose={onClose}
      title={settlement ? t`Delete this payment?` : t`Delete this expense?`}
      size={withBooking ? 'md' : 'sm'}
    >
      <div className="mb-4 flex flex-col gap-2">
        <p>
          {entry && (
            <Trans>
              {ph({ entry: settlement ? settlementText(entry) : entry.title })} is taken out of the budget and
              the balances.
            </Trans>
          )}
        </p>
        {booking &&
          (withBooking ? (
            <p className="font-medium">
              <Trans>Also delete the booking “{ph({ booking: booking.title })}”?</Trans>
            </p>
          ) : (
            <p>
              <Trans>The booking “{ph({ booking: booking.title })}” stays in the trip's bookings.</Trans>
            </p>
          ))}
      </div>
      <CancelActions onCancel={onClose} cancelVariant={withBooking ? 'secondary' : 'ghost'} wrap>
        {withBooking && (
          <Button variant="secondary" disabled={busy} onClick={() => void run(false)}>
            <Trans>Keep the booking</Trans>
          </Button>
        )}
        <Button variant="danger" disabled={busy} onClick={() => void run(withBooking !== null)}>
          {withBooking ? <Trans>Delete both</Trans> : <Trans>Delete</Trans>}
        </Button>
      </CancelActions>
    </Dialog>
  );
}
