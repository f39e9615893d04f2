/**
 * The expenses module's public entry (issue 24): a trip's expenses, budget, balances and
 * settlements, in integer minor units (money.ts). Other modules use only what this file exports.
 */
import { isUuid } from '@tripcrew/contracts/common';
import { fromMinorUnits, MAX_AMOUNT_MINOR, toMinorUnits } from '@tripcrew/contracts/currencies';
import { EXPENSE_DAYS_AROUND_TRIP, type Expense, type ExpenseBody } from '@tripcrew/contracts/expenses';
import type { Db } from '../../../db/client.ts';
import { badRequest, forbidden } from '../../../platform/errors.ts';
import { findMembersOfTrips, findTripBooking } from '../../trips/index.ts';
import {
  announceMoneyChange,
  announceExpense,
  assertRoomForOneMore,
  changeableExpense,
  expenseOfTrip,
  type ExpensesDeps,
  moneyAccess,
  type MoneyAccess,
} from './expense-access.ts';
import { splitExpense } from './expense-splits.ts';
import { expenseViews } from './expense-views.ts';
import { resolveRate } from '../rates/exchange-rates.service.ts';
import {
  deleteExpense,
  findEntriesOf,
  findExpenses,
  findShares,
  insertExpense,
  type NewShare,
  replaceExpense,
} from './expenses.repository.ts';
import {
  mayChangeExpense,
  mayRecordPaidBy,
  mayShareCosts,
  NOT_AUTHOR,
  NOT_OWN_PAYMENT,
} from './expenses.policy.ts';
import { convertToBase, formatRate, parseRate } from './money.ts';
import { recordMoney } from './money-history.ts';
import { assertSameVersion, changedExpenseFields } from './money-versions.ts';

export type { ExpensesDeps } from './expense-access.ts';
export { createBudgetService, type BudgetService } from '../budget/expense-budget.service.ts';
export { createBalancesService, type BalancesService } from '../balances/expense-balances.service.ts';
export { createRateRefresher, type RateRefresher } from '../rates/exchange-rates.service.ts';
export { detachReceiptsOf } from '../receipts/expense-receipts.repository.ts';

/** For "Download my data" (account module): the expenses and settlements that concern the user. */
export async function exportExpensesData(db: Db, userId: string) {
  if (!isUuid(userId)) return [];
  const { rows, shares } = await findEntriesOf(db, userId.toLowerCase());
  const shareOf = new Map(shares.map((share) => [share.expenseId, share]));
  return rows.map((row) => {
    const share = shareOf.get(row.id);
    return {
      id: row.id,
      tripId: row.tripId,
      kind: row.kind,
      title: row.title,
      amount: fromMinorUnits(row.amountMinor, row.currency),
      currency: row.currency,
      rate: row.rate,
      baseAmount: fromMinorUnits(row.baseMinor, row.baseCurrency),
      baseCurrency: row.baseCurrency,
      date: row.spentOn,
      category: row.category,
      paidByMe: row.paidBy === userId.toLowerCase(),
      myShare: share ? fromMinorUnits(share.shareMinor, row.currency) : null,
      myShareBase: share ? fromMinorUnits(share.shareBaseMinor, row.baseCurrency) : null,
      createdByMe: row.createdBy === userId.toLowerCase(),
    };
  });
}
const DAY_MS = 86_400_000;

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;

/** The people who may pay or share costs in a trip: its members, viewers included (issue 35). */
export async function travellersOf(conn: Db, tripId: string): Promise<Set<string>> {
  const members = await findMembersOfTrips(conn, [tripId]);
  return new Set(members.filter((m) => mayShareCosts(m.role)).map((m) => m.userId));
}

function checkDate(date: string, trip: MoneyAccess['trip'], today: Date): void {
  const day = dayNumber(date);
  if (trip.startDate && trip.endDate) {
    const from = dayNumber(trip.startDate) - EXPENSE_DAYS_AROUND_TRIP;
    const to = dayNumber(trip.endDate) + EXPENSE_DAYS_AROUND_TRIP;
    if (day < from || day > to) {
      throw badRequest(
        `Date the expense within ${EXPENSE_DAYS_AROUND_TRIP} days of the trip (${trip.startDate} to ${trip.endDate})`,
        'date',
      );
    }
    return;
  }
  const now = today.getTime() / DAY_MS;
  if (Math.abs(day - now) > 2 * 366) throw badRequest('Date the expense within two years of today', 'date');
}

/** Everything an expense row needs from a checked body: the converted total and the shares. */
async function priced(conn: Db, access: MoneyAccess, body: ExpenseBody, now: Date) {
  const { trip, budget } = access;
  checkDate(body.date, trip, now);
  const travellers = await travellersOf(conn, trip.id);
  const paidBy = body.paidBy.toLowerCase();
  if (!isUuid(paidBy) || !travellers.has(paidBy))
    throw badRequest('Who paid must be someone travelling on this trip', 'paidBy');
  const people = body.split.people
    .map((p) => ({ ...p, userId: p.userId.toLowerCase() }))
    .sort((a, b) => a.userId.localeCompare(b.userId));
  if (new Set(people.map((p) => p.userId)).size !== people.length)
    throw badRequest('Each person appears once in a split', 'split');
  if (people.some((p) => !travellers.has(p.userId)))
    throw badRequest('Everyone in the split must be travelling on this trip', 'split');

  const amountMinor = toMinorUnits(body.amount, body.currency);
  if (amountMinor === null || amountMinor <= 0) throw badRequest('The amount must be more than 0', 'amount');
  let rateText = body.rate ?? null;
  if (body.currency === budget.baseCurrency) rateText = '1';
  if (rateText === null) {
    const known = await resolveRate(conn, trip.id, body.currency, budget.baseCurrency);
    if (!known)
      throw badRequest(
        `No rate is known for ${body.currency}: enter how many ${budget.baseCurrency} one ${body.currency} is worth`,
        'rate',
      );
    rateText = known.rate;
  }
  const rate = parseRate(rateText);
  if (!rate) throw badRequest('A rate is a number above 0, like 0.0062', 'rate');
  const baseMinor = convertToBase(amountMinor, body.currency, budget.baseCurrency, rate);
  if (baseMinor > MAX_AMOUNT_MINOR)
    throw badRequest(
      `At that rate the amount is too large in ${budget.baseCurrency}: check the rate`,
      'rate',
    );
  const split = splitExpense({
    kind: body.split.kind,
    people,
    amountMinor,
    baseMinor,
    currency: body.currency,
  });
  if (!split.ok) throw badRequest(split.message, 'split');
  const valueOf = new Map(people.map((p) => [p.userId, p.value ?? null]));
  const shares: NewShare[] = split.shares.map((share) => ({
    userId: share.userId,
    value: body.split.kind === 'equal' ? null : (valueOf.get(share.userId) ?? null),
    shareMinor: share.shareMinor,
    shareBaseMinor: share.shareBaseMinor,
  }));
  const row = {
    title: body.title,
    amountMinor,
    currency: body.currency,
    rate: formatRate(rate),
    baseMinor,
    baseCurrency: budget.baseCurrency,
    spentOn: body.date,
    category: body.category,
    paidBy,
    splitKind: body.split.kind,
    ...(await bookingLinkOf(conn, trip.id, body.bookingId)),
  };
  return { row, shares };
}

/** The booking an expense is made from: checked to be the trip's; absent keeps what there is. */
async function bookingLinkOf(
  conn: Db,
  tripId: string,
  bookingId: string | null | undefined,
): Promise<{ bookingId?: string | null }> {
  if (bookingId === undefined) return {};
  if (bookingId === null) return { bookingId: null };
  const booking = isUuid(bookingId) ? await findTripBooking(conn, tripId, bookingId) : undefined;
  if (!booking) throw badRequest('This booking is not among the bookings of this trip', 'bookingId');
  return { bookingId: booking.id };
}

export function createExpensesService(deps: ExpensesDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  async function one(conn: Db, userId: string, access: MoneyAccess, expenseId: string): Promise<Expense> {
    const row = await expenseOfTrip(conn, access.trip.id, expenseId);
    const [view] = await expenseViews(conn, [row], { userId, role: access.role });
    return view as Expense;
  }

  return {
    async list(userId: string, tripId: string): Promise<Expense[]> {
      const access = await moneyAccess(db, userId, tripId, 'money.read');
      return expenseViews(db, await findExpenses(db, access.trip.id), { userId, role: access.role });
    },

    async add(userId: string, tripId: string, body: ExpenseBody): Promise<Expense> {
      const { view, trip } = await db.transaction(async (tx) => {
        const access = await moneyAccess(tx, userId, tripId, 'money.add', true);
        await assertRoomForOneMore(tx, access.trip.id);
        const { row, shares } = await priced(tx, access, body, now());
        if (!mayRecordPaidBy(access.role, userId, row.paidBy)) throw forbidden(NOT_OWN_PAYMENT);
        const added = {
          ...row,
          tripId: access.trip.id,
          kind: 'expense' as const,
          createdBy: userId,
          updatedBy: userId,
        };
        const id = await insertExpense(tx, added, shares);
        await recordMoney(tx, userId, { after: { row: { ...added, id, version: 1 }, shares } });
        return { view: await one(tx, userId, access, id), trip: access.trip };
      });
      await announceMoneyChange(deps, tripId, userId);
      await announceExpense(deps, trip, userId, view, 'added');
      return view;
    },

    async update(userId: string, tripId: string, expenseId: string, body: ExpenseBody): Promise<Expense> {
      const { view, trip } = await db.transaction(async (tx) => {
        const access = await moneyAccess(tx, userId, tripId, 'money.read', true);
        const existing = await expenseOfTrip(tx, access.trip.id, expenseId, true);
        if (existing.kind !== 'expense')
          throw badRequest('A payment is changed by its amount only (PATCH …/settlements/{id})');
        if (!mayChangeExpense(access.role, userId, existing.createdBy)) throw forbidden(NOT_AUTHOR);
        const { row, shares } = await priced(tx, access, body, now());
        await assertSameVersion(
          tx,
          { ...existing, kind: 'expense' },
          body.version,
          async () => ({
            values: (await one(tx, userId, access, existing.id)) as unknown as Record<string, unknown>,
            fields: changedExpenseFields(existing, await findShares(tx, [existing.id]), row, shares),
          }),
          'this expense',
        );
        // Its author corrects what they added even when an admin put someone else as the payer;
        // naming another payer is what only an admin does.
        if (row.paidBy !== existing.paidBy && !mayRecordPaidBy(access.role, userId, row.paidBy))
          throw forbidden(NOT_OWN_PAYMENT);
        const sharesBefore = await findShares(tx, [existing.id]);
        await replaceExpense(tx, existing.id, { ...row, updatedBy: userId }, shares);
        await recordMoney(tx, userId, {
          before: { row: existing, shares: sharesBefore },
          after: { row: { ...existing, ...row, version: existing.version + 1 }, shares },
        });
        return { view: await one(tx, userId, access, existing.id), trip: access.trip };
      });
      await announceMoneyChange(deps, tripId, userId);
      await announceExpense(deps, trip, userId, view, 'changed');
      return view;
    },

    async remove(userId: string, tripId: string, expenseId: string): Promise<void> {
      const { receipt, view, trip } = await db.transaction(async (tx) => {
        const { access, expense: existing } = await changeableExpense(tx, userId, tripId, expenseId);
        const [gone] = await expenseViews(tx, [existing], { userId, role: access.role });
        await recordMoney(tx, userId, {
          before: { row: existing, shares: await findShares(tx, [existing.id]) },
        });
        await deleteExpense(tx, existing.id);
        return { receipt: existing.receiptKey, view: gone, trip: access.trip };
      });
      if (receipt) await deps.storage?.delete(receipt).catch(() => undefined);
      await announceMoneyChange(deps, tripId, userId);
      if (view) await announceExpense(deps, trip, userId, view, 'deleted');
    },

    /** The rate the app would use for `currency` in this trip (null when none is known). */
    async rate(userId: string, tripId: string, currency: string) {
      const access = await moneyAccess(db, userId, tripId, 'money.read');
      const base = access.budget.baseCurrency;
      const known = await resolveRate(db, access.trip.id, currency, base);
      return {
        currency,
        baseCurrency: base,
        rate: known?.rate ?? null,
        source: known?.source ?? null,
        asOf: known?.asOf ?? null,
      };
    },
  };
}

export type ExpensesService = ReturnType<typeof createExpensesService>;
