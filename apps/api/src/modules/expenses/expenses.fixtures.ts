import type { Expense } from '@tripcrew/contracts/expenses';
import { type apiCaller, expectJson } from '../../../test/helpers/api-calls.ts';
import type { TestUser } from '../../../test/helpers/factories.ts';
import { day } from '../trips/trips.fixtures.ts';

/**
 * Expense bodies for the suites that add money to a trip (used only by *.test.ts). A body is
 * valid as it is: in EUR, of today, shared equally by its payer alone unless told otherwise.
 */

type ValueSplitKind = 'percent' | 'exact' | 'shares';

/** `userIds` share the expense equally. */
export const equalSplit = (...userIds: string[]) => ({
  kind: 'equal' as const,
  people: userIds.map((userId) => ({ userId })),
});

/** Each person's part as a value by user id (a percentage, an amount or a number of shares). */
export const valueSplit = (kind: ValueSplitKind, parts: Readonly<Record<string, string>>) => ({
  kind,
  people: Object.entries(parts).map(([userId, value]) => ({ userId, value })),
});

export interface ExpenseFields {
  title: string;
  amount: string;
  currency?: string;
  rate?: string;
  date?: string;
  category?: string;
  split?: ReturnType<typeof equalSplit> | ReturnType<typeof valueSplit>;
}

/** The body of POST …/expenses: `fields` paid by `paidBy`. */
export function expenseBody(paidBy: string, fields: ExpenseFields) {
  return { currency: 'EUR', date: day(0), split: equalSplit(paidBy), ...fields, paidBy };
}

/** POST …/expenses by `caller`, paid by `paidBy`: the expense added (201 asserted). */
export function addExpense(
  call: ReturnType<typeof apiCaller>,
  caller: TestUser,
  url: string,
  paidBy: string,
  fields: ExpenseFields,
): Promise<Expense> {
  return expectJson<Expense>(call(caller, 'POST', `${url}/expenses`, expenseBody(paidBy, fields)), 201);
}
