import { isUuid } from '@tripcrew/contracts/common';
import { fromMinorUnits, toMinorUnits } from '@tripcrew/contracts/currencies';
import type { Balances, Expense } from '@tripcrew/contracts/expenses';
import type { Db } from '../../../db/client.ts';
import { badRequest, forbidden } from '../../../platform/errors.ts';
import { findMembersOfTrips } from '../../trips/index.ts';
import {
  announceExpense,
  announceMoneyChange,
  assertRoomForOneMore,
  type ExpensesDeps,
  moneyAccess,
} from '../core/expense-access.ts';
import { expenseViews, namesOf, person } from '../core/expense-views.ts';
import { findExpense, findExpenses, findShares, insertExpense } from '../core/expenses.repository.ts';
import { mayRecordSettlement, mayShareCosts, NOT_A_PARTY } from '../core/expenses.policy.ts';
import { settleUp } from './settle-up.ts';

export const SETTLEMENT_TITLE = 'Settlement';

/**
 * Every person's balance in the trip's base currency (what they paid minus their shares, so the
 * balances add up to zero) and the fewest transfers that settle them (settle-up.ts). A recorded
 * transfer is a settlement: an entry paid by the payer and owed entirely by the payee.
 */
async function balancesOf(conn: Db, tripId: string): Promise<Map<string, number>> {
  const rows = await findExpenses(conn, tripId);
  const shares = await findShares(
    conn,
    rows.map((row) => row.id),
  );
  const balances = new Map<string, number>();
  const add = (id: string, amount: number) => balances.set(id, (balances.get(id) ?? 0) + amount);
  for (const member of await findMembersOfTrips(conn, [tripId]))
    if (mayShareCosts(member.role)) add(member.userId, 0);
  for (const row of rows) add(row.paidBy, row.baseMinor);
  for (const share of shares) add(share.userId, -share.shareBaseMinor);
  return balances;
}

export function createBalancesService(deps: ExpensesDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    async get(userId: string, tripId: string): Promise<Balances> {
      const access = await moneyAccess(db, userId, tripId, 'money.read');
      const balances = await balancesOf(db, access.trip.id);
      const names = await namesOf(db, balances.keys());
      return {
        baseCurrency: access.budget.baseCurrency,
        balances: [...balances]
          .map(([id, balanceMinor]) => ({ ...person(names, id), balanceMinor }))
          .sort((a, b) => a.name.localeCompare(b.name) || a._id.localeCompare(b._id)),
        transfers: settleUp(balances).map((t) => ({
          from: person(names, t.from),
          to: person(names, t.to),
          amountMinor: t.amountMinor,
        })),
      };
    },

    /** Records that `from` paid `to` `amount` (base currency): their balances move by it. */
    async settle(
      userId: string,
      tripId: string,
      body: { from: string; to: string; amount: string },
    ): Promise<Expense> {
      const { view: created, trip } = await db.transaction(async (tx) => {
        const access = await moneyAccess(tx, userId, tripId, 'money.add', true);
        await assertRoomForOneMore(tx, access.trip.id);
        const base = access.budget.baseCurrency;
        const from = body.from.toLowerCase();
        const to = body.to.toLowerCase();
        if (from === to) throw badRequest('A transfer goes from one person to another', 'to');
        const balances = await balancesOf(tx, access.trip.id);
        if (!isUuid(from) || !balances.has(from))
          throw badRequest('Who paid must be a person of this trip', 'from');
        if (!isUuid(to) || !balances.has(to))
          throw badRequest('Who was paid must be a person of this trip', 'to');
        if (!mayRecordSettlement(access.role, userId, from, to)) throw forbidden(NOT_A_PARTY);
        const amountMinor = toMinorUnits(body.amount, base);
        if (amountMinor === null)
          throw badRequest(`Write the amount in ${base}, like ${fromMinorUnits(1250, base)}`, 'amount');
        if (amountMinor <= 0) throw badRequest('The amount must be more than 0', 'amount');
        const id = await insertExpense(
          tx,
          {
            tripId: access.trip.id,
            kind: 'settlement',
            title: SETTLEMENT_TITLE,
            amountMinor,
            currency: base,
            rate: '1',
            baseMinor: amountMinor,
            baseCurrency: base,
            spentOn: now().toISOString().slice(0, 10),
            category: 'other',
            paidBy: from,
            splitKind: 'exact',
            createdBy: userId,
          },
          [
            {
              userId: to,
              value: fromMinorUnits(amountMinor, base),
              shareMinor: amountMinor,
              shareBaseMinor: amountMinor,
            },
          ],
        );
        const row = await findExpense(tx, access.trip.id, id);
        const [view] = await expenseViews(tx, row ? [row] : [], { userId, role: access.role });
        return { view: view as Expense, trip: access.trip };
      });
      await announceMoneyChange(deps, tripId, userId);
      await announceExpense(deps, trip, userId, created, 'added');
      return created;
    },
  };
}

export type BalancesService = ReturnType<typeof createBalancesService>;
