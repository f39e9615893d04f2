/** Test data of the money screens (component tests only). */
import { errorBody, jsonResponse, type RecordedRequest } from '../../../lib/testing/fetch-mock.ts';
import type { Balances } from '../api/expense-balances.ts';
import type { Budget } from '../api/expense-budget.ts';
import type { Expense } from '../api/expense-list.ts';
import type { MyMoney } from '../api/expense-my-money.ts';
import type { ExpenseRequest } from '../expense-form-rules.ts';

export const ana = { _id: 'u-ana', name: 'Ana Alba' };
export const bo = { _id: 'u-bo', name: 'Bo Berg' };
export const cy = { _id: 'u-cy', name: 'Cy Cole' };

/**
 * An expense as the API answers it: a taxi of 18.00 EUR on 2 May 2031, paid and added by Ana and
 * hers alone, which the caller may change; `overrides` replace any of its fields.
 */
export function makeExpense(overrides: Partial<Expense> = {}): Expense {
  return {
    _id: 'e-1',
    kind: 'expense',
    title: 'Taxi',
    amount: '18.00',
    amountMinor: 1800,
    currency: 'EUR',
    rate: '1',
    baseAmountMinor: 1800,
    baseCurrency: 'EUR',
    date: '2031-05-02',
    category: 'transport',
    paidBy: ana,
    split: { kind: 'equal', people: [{ ...ana, value: null, shareMinor: 1800, shareBaseMinor: 1800 }] },
    createdBy: 'u-ana',
    createdAt: '2031-05-02T10:00:00.000Z',
    updatedAt: '2031-05-02T10:00:00.000Z',
    hasReceipt: false,
    receiptUrl: null,
    canEdit: true,
    version: 1,
    bookingId: null,
    ...overrides,
  };
}

/** A dinner of 30.00 EUR on 6 May 2031, otherwise the taxi of makeExpense; `overrides` replace any field. */
export function makeDinner(overrides: Partial<Expense> = {}): Expense {
  const added = '2031-05-06T10:00:00.000Z';
  return makeExpense({
    title: 'Dinner',
    amount: '30.00',
    amountMinor: 3000,
    baseAmountMinor: 3000,
    date: '2031-05-06',
    category: 'food',
    createdAt: added,
    updatedAt: added,
    ...overrides,
  });
}

/** Balances of three: Ana is owed 45.00 (in minor units of `baseCurrency`), Bo owes 30.00 and Cy 15.00. */
export function threeWayBalances(baseCurrency: string): Balances {
  return {
    baseCurrency,
    balances: [
      { ...ana, balanceMinor: 4500 },
      { ...bo, balanceMinor: -3000 },
      { ...cy, balanceMinor: -1500 },
    ],
    transfers: [
      { from: bo, to: ana, amountMinor: 3000 },
      { from: cy, to: ana, amountMinor: 1500 },
    ],
  };
}

/** The caller's part of Lisbon (GET …/money/mine), settled up and empty; `overrides` replace any field. */
export function makeMyMoney(overrides: Partial<MyMoney> = {}): MyMoney {
  return {
    tripId: 't-1',
    tripName: 'Lisbon',
    baseCurrency: 'EUR',
    balanceMinor: 0,
    former: false,
    entries: [],
    ...overrides,
  };
}

/** A trip's budget in EUR with nothing spent, for a member who may add expenses; `overrides` replace any field. */
export function makeBudget(overrides: Partial<Budget> = {}): Budget {
  return {
    baseCurrency: 'EUR',
    plannedMinor: null,
    visibleToGuests: false,
    version: 1,
    spentMinor: 0,
    categories: [],
    perDay: [],
    perMember: [],
    canManage: false,
    canAdd: true,
    ...overrides,
  };
}

/**
 * A fake of a trip's money endpoints for component tests, to answer before any other: its budget
 * (or a 403 when the role may not see the money) and its expenses, kept; a POST adds an expense
 * (id `e-new`) from its body, a DELETE takes one out. Anything else: undefined.
 */
export function moneyEndpoints(
  tripId: string,
  options: { budget?: Budget | 'forbidden'; expenses?: Expense[] } = {},
) {
  const budget = options.budget ?? makeBudget();
  let list = options.expenses ?? [];
  const base = `/core/trips/${tripId}`;
  const reply = (request: RecordedRequest): Response | undefined => {
    const { path, method } = request;
    if (path !== `${base}/budget` && !path.startsWith(`${base}/expenses`)) return undefined;
    if (budget === 'forbidden') {
      return jsonResponse(403, errorBody(403, 'FORBIDDEN', "Only the trip's admin can share its money"));
    }
    if (path === `${base}/budget`) return jsonResponse(200, budget);
    if (path === `${base}/expenses` && method === 'GET') return jsonResponse(200, list);
    if (path === `${base}/expenses` && method === 'POST') {
      const body = request.body as ExpenseRequest;
      const added = makeExpense({
        _id: 'e-new',
        title: body.title,
        amount: body.amount,
        currency: body.currency,
        date: body.date,
        category: body.category,
        bookingId: body.bookingId ?? null,
      });
      list = [added, ...list];
      return jsonResponse(201, added);
    }
    const id = path.slice(`${base}/expenses/`.length);
    if (method === 'DELETE' && list.some((entry) => entry._id === id)) {
      list = list.filter((entry) => entry._id !== id);
      return jsonResponse(200, { ok: true });
    }
    return undefined;
  };
  return { reply, expenses: () => list };
}
