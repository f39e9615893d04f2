import type { FileStorage } from '../../../platform/storage.ts';
import { createReceiptsService } from '../receipts/expense-receipts.service.ts';
import { myMoney, openMoneyOf } from '../balances/my-money.ts';
import { balancesCsv, expensesCsv } from './expenses-csv.ts';
import {
  createBalancesService,
  createBudgetService,
  createExpensesService,
  type ExpensesDeps,
} from './expenses.service.ts';

/** Every money service of a trip, built once by app.ts. */
export function createMoneyServices(deps: ExpensesDeps & { storage: FileStorage }) {
  const expenses = createExpensesService(deps);
  const budget = createBudgetService(deps);
  const balances = createBalancesService(deps);
  return {
    receipts: createReceiptsService(deps),
    expenses,
    budget,
    balances,
    /** The caller's own part of a trip's money (issue 35). */
    mine: (userId: string, tripId: string) => myMoney(deps.db, userId, tripId),
    /** The trips the caller left with money still open (issue 35). */
    open: (userId: string) => openMoneyOf(deps.db, userId),
    csv: {
      async expenses(userId: string, tripId: string) {
        return {
          fileName: `trip-expenses-${tripId}.csv`,
          text: expensesCsv(await expenses.list(userId, tripId)),
        };
      },
      async balances(userId: string, tripId: string) {
        return {
          fileName: `trip-balances-${tripId}.csv`,
          text: balancesCsv(await balances.get(userId, tripId)),
        };
      },
    },
  };
}

export type MoneyServices = ReturnType<typeof createMoneyServices>;
