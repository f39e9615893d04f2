import type { Expense, ExpenseCategory, SplitKindName } from '@tripcrew/contracts/expenses';
import { fromMinorUnits } from '@tripcrew/contracts/currencies';
import { DELETED_USER_NAME } from '@tripcrew/contracts/users';
import type { TripRole } from '@tripcrew/contracts/constants';
import type { Db } from '../../../db/client.ts';
import { findUserCards } from '../../users/index.ts';
import { findShares } from './expenses.repository.ts';
import { mayChangeExpense, mayChangeSettlement, maySeeReceipt } from './expenses.policy.ts';
import type { ExpenseRow, ExpenseShareRow } from './expenses.table.ts';

export type Names = Map<string, string>;

/** "Ana Silva" for each of these user ids ("Deleted user" for an account that is gone). */
export async function namesOf(conn: Db, ids: Iterable<string>): Promise<Names> {
  const wanted = [...new Set(ids)];
  const cards = await findUserCards(conn, wanted);
  return new Map(
    wanted.map((id) => {
      const card = cards.get(id);
      return [id, card ? `${card.name} ${card.lastName}`.trim() : DELETED_USER_NAME];
    }),
  );
}

export const person = (names: Names, id: string) => ({ _id: id, name: names.get(id) ?? DELETED_USER_NAME });

export const receiptPath = (tripId: string, expenseId: string) =>
  `/api/core/trips/${tripId}/expenses/${expenseId}/receipt`;

/** The API shape of these expenses for the caller (their edit right, the receipt when theirs to see). */
export async function expenseViews(
  conn: Db,
  rows: readonly ExpenseRow[],
  viewer: { userId: string; role: TripRole },
): Promise<Expense[]> {
  const shares = await findShares(
    conn,
    rows.map((row) => row.id),
  );
  const byExpense = new Map<string, ExpenseShareRow[]>();
  for (const share of shares)
    byExpense.set(share.expenseId, [...(byExpense.get(share.expenseId) ?? []), share]);
  const names = await namesOf(conn, [...rows.map((r) => r.paidBy), ...shares.map((s) => s.userId)]);
  return rows.map((row) => {
    const people = byExpense.get(row.id) ?? [];
    const involved = [row.paidBy, ...people.map((p) => p.userId)];
    return {
      _id: row.id,
      kind: row.kind,
      title: row.title,
      amount: fromMinorUnits(row.amountMinor, row.currency),
      amountMinor: row.amountMinor,
      currency: row.currency,
      rate: row.rate,
      baseAmountMinor: row.baseMinor,
      baseCurrency: row.baseCurrency,
      date: row.spentOn,
      category: row.category as ExpenseCategory,
      paidBy: person(names, row.paidBy),
      split: {
        kind: row.splitKind as SplitKindName,
        people: people.map((share) => ({
          ...person(names, share.userId),
          value: share.value,
          shareMinor: share.shareMinor,
          shareBaseMinor: share.shareBaseMinor,
        })),
      },
      createdBy: row.createdBy,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      hasReceipt: row.receiptKey !== null,
      receiptUrl:
        row.receiptKey !== null && maySeeReceipt(viewer.role, viewer.userId, involved)
          ? receiptPath(row.tripId, row.id)
          : null,
      canEdit:
        row.kind === 'expense'
          ? mayChangeExpense(viewer.role, viewer.userId, row.createdBy)
          : mayChangeSettlement(viewer.role, viewer.userId, row.paidBy, people[0]?.userId ?? ''),
      version: row.version,
      bookingId: row.bookingId,
    };
  });
}
