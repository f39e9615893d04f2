import { Trans, useLingui } from '@lingui/react/macro';
import { Lock } from 'lucide-react';
import { EmojiLoader } from '../../../components/ui/emoji-loader.tsx';
import { NotKeptOffline } from '../../../components/ui/not-kept-offline.tsx';
import { QueryError } from '../../../components/ui/query-error.tsx';
import { useOnline } from '../../../lib/network-status.ts';
import { useBudget } from '../api/expense-budget.ts';
import { isForbidden } from '../api/expense-money-query.ts';
import { BalancesView } from './balances-view.tsx';
import { BudgetOverview } from './budget-overview.tsx';
import type { BookingOf } from './expense-booking.ts';
import { ExpenseList } from './expense-list.tsx';
import { MyMoneyView } from './my-money-view.tsx';
import { CARD_CLASS, HINT_CLASS, type MoneyPerson } from './money-ui.ts';

export interface BudgetTabProps {
  tripId: string;
  /** The trip's members, viewers included: who may pay or share costs (issue 35). */
  travellers: readonly MoneyPerson[];
  startDate: string | null;
  endDate: string | null;
  currentUserId: string;
  /** The trip's bookings, for the expenses made from one (the trip page gives them). */
  bookingOf?: BookingOf;
  /** The expense someone came to see (a link from its booking). */
  shownExpenseId?: string | null;
}

/** The trip's Budget tab: the budget, balances and settling up, and the expenses (docs/money.md). */
export function BudgetTab({
  tripId,
  travellers,
  startDate,
  endDate,
  currentUserId,
  bookingOf,
  shownExpenseId,
}: BudgetTabProps) {
  const { t } = useLingui();
  const budget = useBudget(tripId);
  const online = useOnline();

  if (budget.isPending && !online) return <NotKeptOffline />;
  if (budget.isPending) return <EmojiLoader label={t`Loading the budget…`} />;
  if (budget.isError) {
    if (isForbidden(budget.error)) {
      // Their own part (a viewer in a dinner sees their share) stays theirs to read (issue 35).
      return (
        <div className="mx-auto flex w-full max-w-xl flex-col gap-6">
          <section aria-labelledby="money-hidden" className={`${CARD_CLASS} items-center text-center`}>
            <Lock aria-hidden="true" className="size-8 text-slate-500 dark:text-slate-400" />
            <h2 id="money-hidden" className="text-lg font-semibold">
              <Trans>The trip's money is private</Trans>
            </h2>
            <p className={HINT_CLASS}>{budget.error.message}</p>
          </section>
          <MyMoneyView tripId={tripId} userId={currentUserId} />
        </div>
      );
    }
    return <QueryError query={budget} message={t`The budget could not be loaded.`} />;
  }
  // canManage: the caller is an admin of the trip.
  const { canAdd, canManage: isAdmin, baseCurrency } = budget.data;
  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
      <div className="flex min-w-0 flex-col gap-6">
        <BudgetOverview tripId={tripId} budget={budget.data} online={online} />
        <BalancesView
          tripId={tripId}
          canAdd={canAdd}
          online={online}
          currentUserId={currentUserId}
          isAdmin={isAdmin}
        />
      </div>
      <ExpenseList
        canAdd={canAdd}
        online={online}
        dialog={{ tripId, baseCurrency, people: travellers, startDate, endDate, currentUserId, isAdmin }}
        bookingOf={bookingOf}
        shownExpenseId={shownExpenseId}
      />
    </div>
  );
}
