import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { findFirst, findIn, firstRow } from '../../../db/find-value.ts';
import {
  exchangeRates,
  type ExchangeRateRow,
  type ExpenseRow,
  expenses,
  type ExpenseShareRow,
  expenseShares,
  type TripBudgetRow,
  tripBudgets,
} from './expenses.table.ts';

export function findBudget(db: Db, tripId: string): Promise<TripBudgetRow | undefined> {
  return findFirst(db, tripBudgets, eq(tripBudgets.tripId, tripId));
}

export async function upsertBudget(
  db: Db,
  tripId: string,
  patch: Partial<Omit<TripBudgetRow, 'tripId' | 'updatedAt'>>,
): Promise<void> {
  await db
    .insert(tripBudgets)
    // Before its first change a trip's budget is version 1 without a row: the first change is 2.
    .values({ tripId, ...patch, version: 2 })
    .onConflictDoUpdate({
      target: tripBudgets.tripId,
      set: { ...patch, updatedAt: sql`now()`, version: sql`${tripBudgets.version} + 1` },
    });
}

export async function countExpenses(db: Db, tripId: string): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(expenses)
    .where(eq(expenses.tripId, tripId));
  return rows[0]?.n ?? 0;
}

export async function findExpenses(db: Db, tripId: string): Promise<ExpenseRow[]> {
  return db
    .select()
    .from(expenses)
    .where(eq(expenses.tripId, tripId))
    .orderBy(desc(expenses.spentOn), desc(expenses.createdAt), asc(expenses.id));
}

export function findExpense(db: Db, tripId: string, expenseId: string, lock = false) {
  return findFirst(db, expenses, and(eq(expenses.tripId, tripId), eq(expenses.id, expenseId)), lock);
}

export async function findShares(db: Db, expenseIds: readonly string[]): Promise<ExpenseShareRow[]> {
  if (expenseIds.length === 0) return [];
  return db
    .select()
    .from(expenseShares)
    .where(inArray(expenseShares.expenseId, [...expenseIds]))
    .orderBy(asc(expenseShares.userId));
}

export type NewExpense = Omit<
  ExpenseRow,
  'id' | 'createdAt' | 'updatedAt' | 'receiptKey' | 'receiptType' | 'version' | 'bookingId'
> & {
  /** The booking whose cost it is; absent: none (a new entry), or unchanged (a replacement). */
  bookingId?: string | null;
};
export type NewShare = Omit<ExpenseShareRow, 'expenseId'>;

export async function insertExpense(db: Db, row: NewExpense, shares: readonly NewShare[]): Promise<string> {
  const [inserted] = await db.insert(expenses).values(row).returning({ id: expenses.id });
  const id = inserted?.id ?? '';
  await db.insert(expenseShares).values(shares.map((share) => ({ ...share, expenseId: id })));
  return id;
}

export async function replaceExpense(
  db: Db,
  id: string,
  row: Omit<NewExpense, 'tripId' | 'createdBy' | 'kind'>,
  shares: readonly NewShare[],
): Promise<void> {
  await db
    .update(expenses)
    .set({ ...row, updatedAt: sql`now()`, version: sql`${expenses.version} + 1` })
    .where(eq(expenses.id, id));
  await db.delete(expenseShares).where(eq(expenseShares.expenseId, id));
  await db.insert(expenseShares).values(shares.map((share) => ({ ...share, expenseId: id })));
}

export async function deleteExpense(db: Db, id: string): Promise<void> {
  await db.delete(expenses).where(eq(expenses.id, id));
}

export async function setReceipt(
  db: Db,
  id: string,
  receipt: { key: string; type: string } | null,
): Promise<void> {
  await db
    .update(expenses)
    .set({ receiptKey: receipt?.key ?? null, receiptType: receipt?.type ?? null, updatedAt: sql`now()` })
    .where(eq(expenses.id, id));
}

/** The rate used by the trip's latest expense in `currency` (its base unchanged since). */
export function findLatestTripRate(
  db: Db,
  tripId: string,
  currency: string,
  baseCurrency: string,
): Promise<{ rate: string; spentOn: string } | undefined> {
  return firstRow(
    db
      .select({ rate: expenses.rate, spentOn: expenses.spentOn })
      .from(expenses)
      .where(
        and(
          eq(expenses.tripId, tripId),
          eq(expenses.currency, currency),
          eq(expenses.baseCurrency, baseCurrency),
          eq(expenses.kind, 'expense'),
        ),
      )
      .orderBy(desc(expenses.createdAt))
      .limit(1),
  );
}

export function findReferenceRates(db: Db, currencies: readonly string[]): Promise<ExchangeRateRow[]> {
  return findIn(db, exchangeRates, exchangeRates.currency, currencies);
}

export async function upsertReferenceRates(
  db: Db,
  rows: readonly { currency: string; perEur: string; asOf: string }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(exchangeRates)
    .values([...rows])
    .onConflictDoUpdate({
      target: exchangeRates.currency,
      set: { perEur: sql`excluded.per_eur`, asOf: sql`excluded.as_of`, updatedAt: sql`now()` },
    });
}

/** The entries `userId` paid or shares, with their share when they have one (data export). */
export async function findEntriesOf(db: Db, userId: string) {
  const mine = db
    .select({ expenseId: expenseShares.expenseId })
    .from(expenseShares)
    .where(eq(expenseShares.userId, userId));
  const rows = await db
    .select()
    .from(expenses)
    .where(or(eq(expenses.paidBy, userId), inArray(expenses.id, mine)))
    .orderBy(asc(expenses.spentOn), asc(expenses.createdAt));
  const shares = await findShares(
    db,
    rows.map((row) => row.id),
  );
  return { rows, shares: shares.filter((share) => share.userId === userId) };
}
