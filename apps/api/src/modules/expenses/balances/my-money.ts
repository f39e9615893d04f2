import { isUuid } from '@tripcrew/contracts/common';
import { DEFAULT_BASE_CURRENCY } from '@tripcrew/contracts/currencies';
import type { MyMoney, OpenMoney } from '@tripcrew/contracts/expenses';
import type { Db } from '../../../db/client.ts';
import { notFound } from '../../../platform/errors.ts';
import { findTripWithRole } from '../../trips/index.ts';
import { TRIP_NOT_FOUND } from '../core/expense-access.ts';
import { expenseViews } from '../core/expense-views.ts';
import { findBudget, findEntriesOf, findExpenses, findShares } from '../core/expenses.repository.ts';
import { mayDo, mayReadOwnMoney } from '../core/expenses.policy.ts';
import { balancesOf } from './expense-balances.service.ts';

/**
 * The caller's own part of a trip's money (issue 35), read-only: their balance and the entries
 * they pay or share. Everyone in the trip reads it whatever the admin shares (a viewer in a dinner
 * sees their part); someone who left or was removed reads it while their balance is not zero;
 * anyone else gets the 404 of a trip they cannot see.
 */
export async function myMoney(db: Db, userId: string, tripId: string): Promise<MyMoney> {
  if (!isUuid(tripId)) throw notFound(TRIP_NOT_FOUND);
  const me = userId.toLowerCase();
  const found = await findTripWithRole(db, tripId, me, false);
  if (!found) throw notFound(TRIP_NOT_FOUND);
  const balanceMinor = (await balancesOf(db, found.trip.id)).get(me) ?? 0;
  const role = found.role ?? null;
  if (!mayReadOwnMoney(role, balanceMinor)) throw notFound(TRIP_NOT_FOUND);

  const budget = await findBudget(db, found.trip.id);
  const rows = await findExpenses(db, found.trip.id);
  const shares = await findShares(
    db,
    rows.map((row) => row.id),
  );
  const mine = new Set(shares.filter((share) => share.userId === me).map((share) => share.expenseId));
  const entries = await expenseViews(
    db,
    rows.filter((row) => row.paidBy === me || mine.has(row.id)),
    // A former member changes nothing: they read as a viewer would.
    { userId: me, role: role ?? 'viewer' },
  );
  // A receipt is downloaded through the trip's money, which this caller may not read.
  const readsMoney = role !== null && mayDo(role, 'money.read', budget?.visibleToGuests ?? false);
  return {
    tripId: found.trip.id,
    tripName: found.trip.tripName,
    baseCurrency: budget?.baseCurrency ?? DEFAULT_BASE_CURRENCY,
    balanceMinor,
    former: role === null,
    entries: readsMoney ? entries : entries.map((entry) => ({ ...entry, receiptUrl: null })),
  };
}

/**
 * The trips `userId` is no longer in (they left or were removed) whose money is still open for
 * them (a non-zero balance), newest entry first: where the web app offers their read-only part.
 */
export async function openMoneyOf(db: Db, userId: string): Promise<OpenMoney> {
  if (!isUuid(userId)) return [];
  const me = userId.toLowerCase();
  const { rows } = await findEntriesOf(db, me);
  const tripIds = [...new Set(rows.toReversed().map((row) => row.tripId))];
  const open: OpenMoney = [];
  for (const tripId of tripIds) {
    const found = await findTripWithRole(db, tripId, me, false);
    if (!found || found.role) continue;
    const balanceMinor = (await balancesOf(db, tripId)).get(me) ?? 0;
    if (balanceMinor === 0) continue;
    const budget = await findBudget(db, tripId);
    open.push({
      tripId,
      tripName: found.trip.tripName,
      baseCurrency: budget?.baseCurrency ?? DEFAULT_BASE_CURRENCY,
      balanceMinor,
    });
  }
  return open;
}
