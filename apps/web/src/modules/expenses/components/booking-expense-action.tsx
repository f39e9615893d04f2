import { Trans } from '@lingui/react/macro';
import { ReceiptText, Wallet } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { i18n } from '../../../lib/i18n/i18n.ts';
import { useOnline } from '../../../lib/network-status.ts';
import { useBudget } from '../api/expense-budget.ts';
import { type Expense, useExpenses } from '../api/expense-list.ts';
import type { BookingCost } from '../booking-expense.ts';
import { ExpenseDialog } from './expense-dialog.tsx';
import { type MoneyPerson, NEEDS_NETWORK } from './money-ui.ts';

/** The expense that names a booking, among the trip's expenses. */
export const expenseOfBooking = (
  expenses: readonly Expense[] | undefined,
  bookingId: string,
): Expense | undefined =>
  expenses?.find((entry) => entry.kind === 'expense' && entry.bookingId === bookingId);

export interface BookingExpenseActionProps {
  tripId: string;
  bookingId: string;
  /** The booking's cost as a new expense takes it; null when the booking has none. */
  cost: BookingCost | null;
  /** Who may pay or share: the trip's members, viewers included. */
  people: readonly MoneyPerson[];
  startDate: string | null;
  endDate: string | null;
  currentUserId: string;
  /** Where the money tab shows an expense. */
  expenseHref: (expenseId: string) => string;
}

/**
 * A booking's money, on its card: "In expenses" (a link to it) once an expense names the booking;
 * else, for a booking with a cost and someone who may add expenses, "Add to expenses", which opens
 * the expense form filled from the booking (its title, cost, day and travellers) and linked to
 * it. Nothing for those who may not read the trip's money (the server answers 403).
 */
export function BookingExpenseAction({
  tripId,
  bookingId,
  cost,
  people,
  startDate,
  endDate,
  currentUserId,
  expenseHref,
}: BookingExpenseActionProps) {
  const budget = useBudget(tripId);
  const expenses = useExpenses(tripId);
  const online = useOnline();
  const [adding, setAdding] = useState(false);
  const linked = expenseOfBooking(expenses.data, bookingId);
  if (linked) {
    return (
      <p className="text-sm">
        <Link
          to={expenseHref(linked._id)}
          data-testid="booking-expense-link"
          className="inline-flex min-h-11 items-center gap-1.5 font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
        >
          <Wallet aria-hidden="true" className="size-4" />
          <Trans>In expenses</Trans>
        </Link>
      </p>
    );
  }
  // Offered once the expenses are in (none names the booking) and the server lets the caller add.
  if (!cost || !expenses.data || !budget.data?.canAdd) return null;
  const { baseCurrency, canManage: isAdmin } = budget.data;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button
        variant="secondary"
        size="sm"
        className="min-h-11"
        disabled={!online}
        title={online ? undefined : i18n._(NEEDS_NETWORK)}
        onClick={() => setAdding(true)}
      >
        <ReceiptText aria-hidden="true" className="size-4" />
        <Trans>Add to expenses</Trans>
      </Button>
      {adding && (
        <ExpenseDialog
          tripId={tripId}
          baseCurrency={baseCurrency}
          people={people}
          startDate={startDate}
          endDate={endDate}
          currentUserId={currentUserId}
          isAdmin={isAdmin}
          fromBooking={cost}
          onClose={() => setAdding(false)}
        />
      )}
    </div>
  );
}
