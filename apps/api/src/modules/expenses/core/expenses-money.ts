import type { FileStorage } from '../../../platform/storage.ts';
import { createReceiptsService } from '../receipts/expense-receipts.service.ts';
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
