import { ph } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { i18n } from '../../../lib/i18n/i18n.ts';
import { Button } from '../../../components/ui/button.tsx';
import { EmojiLoader } from '../../../components/ui/emoji-loader.tsx';
import { IconButton } from '../../../components/ui/icon-button.tsx';
import { QueryError } from '../../../components/ui/query-error.tsx';
import { type Expense, useExpenses } from '../api/expense-list.ts';
import { formatAmountText, formatMoney } from '../../../lib/format/money.ts';
import { EditPaymentDialog } from './edit-payment-dialog.tsx';
import type { BookingOf, ExpenseBooking } from './expense-booking.ts';
import { ExpenseDeleteDialog } from './expense-delete-dialog.tsx';
import { ExpenseDialog, type ExpenseDialogProps } from './expense-dialog.tsx';
import { MoneyEntryRow } from './money-entry-row.tsx';
import { ReceiptControls } from './receipt-controls.tsx';
import { CARD_CLASS, CATEGORY_LABELS, HINT_CLASS, NEEDS_NETWORK, settlementText } from './money-ui.ts';

function sharedBy(entry: Expense): string {
  return entry.split.people.map((person) => person.name).join(', ');
}

function ExpenseItem({
  entry,
  tripId,
  online,
  booking,
  highlighted,
  onEdit,
  onDelete,
}: {
  entry: Expense;
  tripId: string;
  online: boolean;
  /** The booking it was made from, when the trip's bookings have it. */
  booking: ExpenseBooking | null;
  highlighted: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useLingui();
  const settlement = entry.kind === 'settlement';
  const label = settlement ? settlementText(entry) : entry.title;
  return (
    <MoneyEntryRow
      entry={entry}
      title={
        settlement ? (
          <>
            <span className="sr-only">
              <Trans>Payment:</Trans>{' '}
            </span>
            {label}
          </>
        ) : (
          label
        )
      }
      amount={
        settlement ? null : (
          <>
            {formatAmountText(entry.amount, entry.currency)}
            {entry.currency !== entry.baseCurrency && (
              <span className="ml-1 text-sm font-normal text-slate-600 dark:text-slate-300">
                ({formatMoney(entry.baseAmountMinor, entry.baseCurrency)})
              </span>
            )}
          </>
        )
      }
      details={
        settlement
          ? t` · settled up`
          : t` · ${ph({ category: i18n._(CATEGORY_LABELS[entry.category]) })} · paid by ${ph({ name: entry.paidBy.name })} · shared by ${ph({ entry: sharedBy(entry) })}`
      }
      note={
        booking && (
          <p className={HINT_CLASS} data-testid="expense-booking">
            <Trans>
              Booking:{' '}
              <Link
                to={booking.href}
                className="font-medium text-brand-700 underline underline-offset-2 dark:text-brand-300"
              >
                {ph({ booking: booking.title })}
              </Link>
            </Trans>
          </p>
        )
      }
      highlighted={highlighted}
    >
      {(entry.canEdit || entry.receiptUrl) && (
        <div className="flex shrink-0 gap-1">
          {!settlement && <ReceiptControls entry={entry} tripId={tripId} online={online} />}
          {entry.canEdit && (
            <IconButton
              aria-label={settlement ? t`Edit payment: ${label}` : t`Edit ${ph({ title: entry.title })}`}
              disabled={!online}
              onClick={onEdit}
            >
              <Pencil aria-hidden="true" className="size-4" />
            </IconButton>
          )}
          {entry.canEdit && (
            <IconButton aria-label={t`Delete ${label}`} disabled={!online} onClick={onDelete}>
              <Trash2 aria-hidden="true" className="size-4" />
            </IconButton>
          )}
        </div>
      )}
    </MoneyEntryRow>
  );
}

type DialogContext = Omit<ExpenseDialogProps, 'expense' | 'onClose'>;

export interface ExpenseListProps {
  canAdd: boolean;
  online: boolean;
  dialog: DialogContext;
  /** The trip's bookings, for the expenses made from one (the trip page gives them). */
  bookingOf?: BookingOf;
  /** The expense someone came to see (a link from its booking): brought into view and marked. */
  shownExpenseId?: string | null;
}

/**
 * The trip's expenses and settlements, newest first, with add (canAdd), edit and delete (canEdit:
 * an expense's author or an admin; a payment's payer, payee or an admin, its amount only). An
 * expense made from a booking names it, and deleting it asks whether the booking goes too.
 */
export function ExpenseList({ canAdd, online, dialog, bookingOf, shownExpenseId = null }: ExpenseListProps) {
  const { t } = useLingui();
  const expenses = useExpenses(dialog.tripId);
  const bookingOfEntry = (entry: Expense | null): ExpenseBooking | null =>
    entry?.bookingId && bookingOf ? bookingOf(entry.bookingId) : null;
  const [editing, setEditing] = useState<Expense | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Expense | null>(null);

  return (
    <section aria-labelledby="expenses-title" className={CARD_CLASS}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="expenses-title" className="text-lg font-semibold">
          <Trans>Expenses</Trans>
        </h2>
        {canAdd && (
          <Button size="sm" disabled={!online} onClick={() => setEditing('new')}>
            <Plus aria-hidden="true" className="size-4" />
            <Trans>Add expense</Trans>
          </Button>
        )}
      </div>
      {canAdd && !online && <p className={HINT_CLASS}>{i18n._(NEEDS_NETWORK)}</p>}
      {expenses.isPending && <EmojiLoader label={t`Loading the expenses…`} />}
      {expenses.isError && (
        <QueryError query={expenses} variant="plain" message={t`The expenses could not be loaded.`} />
      )}
      {expenses.data?.length === 0 && (
        <p className={HINT_CLASS}>{canAdd ? t`No expenses yet — add the first one.` : t`No expenses yet.`}</p>
      )}
      {expenses.data && expenses.data.length > 0 && (
        <ul aria-label={t`Expenses and payments`} className="flex flex-col">
          {expenses.data.map((entry) => (
            <ExpenseItem
              key={entry._id}
              entry={entry}
              tripId={dialog.tripId}
              online={online}
              booking={bookingOfEntry(entry)}
              highlighted={entry._id === shownExpenseId}
              onEdit={() => setEditing(entry)}
              onDelete={() => setDeleting(entry)}
            />
          ))}
        </ul>
      )}
      {editing !== null && editing !== 'new' && editing.kind === 'settlement' && (
        <EditPaymentDialog
          tripId={dialog.tripId}
          payment={editing}
          online={online}
          onClose={() => setEditing(null)}
        />
      )}
      {(editing === 'new' || editing?.kind === 'expense') && (
        <ExpenseDialog
          {...dialog}
          expense={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
        />
      )}
      <ExpenseDeleteDialog
        tripId={dialog.tripId}
        entry={deleting}
        booking={bookingOfEntry(deleting)}
        onClose={() => setDeleting(null)}
      />
    </section>
  );
}
