import { isUuid } from '@tripcrew/contracts/common';
import { fromMinorUnits, toMinorUnits } from '@tripcrew/contracts/currencies';
import type { Balances, Expense, SettlementChange } from '@tripcrew/contracts/expenses';
import type { Db } from '../../../db/client.ts';
import { badRequest, forbidden, notFound } from '../../../platform/errors.ts';
import { recordMoney } from '../core/money-history.ts';
import { assertSameVersion } from '../core/money-versions.ts';
import { findMembersOfTrips } from '../../trips/index.ts';
import {
  announceExpense,
  announceMoneyChange,
  assertRoomForOneMore,
  type ExpensesDeps,
  moneyAccess,
  type MoneyAccess,
} from '../core/expense-access.ts';
import { expenseViews, namesOf, person } from '../core/expense-views.ts';
import {
  findExpense,
  findExpenses,
  findShares,
  insertExpense,
  replaceExpense,
} from '../core/expenses.repository.ts';
import {
  mayChangeSettlement,
  mayRecordSettlement,
  mayShareCosts,
  NOT_A_PARTY,
  NOT_A_PARTY_TO_CHANGE,
} from '../core/expenses.policy.ts';
import { settleUp } from './settle-up.ts';

export const SETTLEMENT_TITLE = 'Settlement';

/**
 * Every person's balance in the trip's base currency (what they paid minus their shares, so the
 * balances add up to zero) and the fewest transfers that settle them (settle-up.ts). A recorded
 * transfer is a settlement: an entry paid by the payer and owed entirely by the payee.
 */
export async function balancesOf(conn: Db, tripId: string): Promise<Map<string, number>> {
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

export const NO_SETTLEMENT = 'This payment is not part of this trip: it may have been deleted.';

/** The amount of a settlement in minor units of the base currency (else 400). */
function settlementAmount(amount: string, base: string): number {
  const amountMinor = toMinorUnits(amount, base);
  if (amountMinor === null)
    throw badRequest(`Write the amount in ${base}, like ${fromMinorUnits(1250, base)}`, 'amount');
  if (amountMinor <= 0) throw badRequest('The amount must be more than 0', 'amount');
  return amountMinor;
}

/**
 * The most `from` can pay `to` as a settlement: what `from` owes, and no more than `to` is owed
 * (more would leave a new debt the other way).
 */
export function settleableMinor(balances: ReadonlyMap<string, number>, from: string, to: string): number {
  return Math.max(0, Math.min(-(balances.get(from) ?? 0), balances.get(to) ?? 0));
}

/** Refuses (400) a settlement above what is owed, naming the most that can be recorded. */
export function assertOwed(
  balances: ReadonlyMap<string, number>,
  s: { from: string; to: string; amountMinor: number; base: string },
): void {
  const most = settleableMinor(balances, s.from, s.to);
  if (s.amountMinor <= most) return;
  if (most === 0)
    throw badRequest('Nothing is owed between these two: there is no payment to record.', 'amount');
  throw badRequest(
    `That is more than is owed: at most ${fromMinorUnits(most, s.base)} ${s.base} can be recorded between these two.`,
    'amount',
  );
}

async function viewOf(conn: Db, access: MoneyAccess, userId: string, id: string): Promise<Expense> {
  const row = await findExpense(conn, access.trip.id, id);
  const [view] = await expenseViews(conn, row ? [row] : [], { userId, role: access.role });
  return view as Expense;
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
        const amountMinor = settlementAmount(body.amount, base);
        assertOwed(balances, { from, to, amountMinor, base });
        const settlement = {
          tripId: access.trip.id,
          kind: 'settlement' as const,
          updatedBy: userId,
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
        };
        const shares = [
          {
            userId: to,
            value: fromMinorUnits(amountMinor, base),
            shareMinor: amountMinor,
            shareBaseMinor: amountMinor,
          },
        ];
        const id = await insertExpense(tx, settlement, shares);
        await recordMoney(tx, userId, { after: { row: { ...settlement, id, version: 1 }, shares } });
        return { view: await viewOf(tx, access, userId, id), trip: access.trip };
      });
      await announceMoneyChange(deps, tripId, userId);
      await announceExpense(deps, trip, userId, created, 'added');
      return created;
    },

    /**
     * Changes the amount of a recorded settlement (its payer, its payee or an admin, issue 35):
     * at most what is owed once its own old amount is taken back out of the balances.
     */
    async change(
      userId: string,
      tripId: string,
      settlementId: string,
      body: SettlementChange,
    ): Promise<Expense> {
      const { view: changed, trip } = await db.transaction(async (tx) => {
        const access = await moneyAccess(tx, userId, tripId, 'money.add', true);
        const existing = isUuid(settlementId)
          ? await findExpense(tx, access.trip.id, settlementId, true)
          : undefined;
        if (existing?.kind !== 'settlement') throw notFound(NO_SETTLEMENT);
        const [payee] = await findShares(tx, [existing.id]);
        const from = existing.paidBy;
        const to = payee?.userId ?? '';
        if (!mayChangeSettlement(access.role, userId, from, to)) throw forbidden(NOT_A_PARTY_TO_CHANGE);
        await assertSameVersion(
          tx,
          { ...existing, kind: 'settlement' },
          body.version,
          async () => ({
            values: { amount: fromMinorUnits(existing.amountMinor, existing.currency) },
            fields: ['amount'],
          }),
          'this payment',
        );
        const base = existing.currency;
        const amountMinor = settlementAmount(body.amount, base);
        const balances = await balancesOf(tx, access.trip.id);
        // Without its old amount: what the two owed each other before it was recorded.
        balances.set(from, (balances.get(from) ?? 0) - existing.amountMinor);
        balances.set(to, (balances.get(to) ?? 0) + existing.amountMinor);
        assertOwed(balances, { from, to, amountMinor, base });
        const { title, currency, rate, baseCurrency, spentOn, category, paidBy, splitKind } = existing;
        const row = {
          title,
          currency,
          rate,
          baseCurrency,
          spentOn,
          category,
          paidBy,
          splitKind,
          updatedBy: userId,
        };
        const shares = [
          {
            userId: to,
            value: fromMinorUnits(amountMinor, base),
            shareMinor: amountMinor,
            shareBaseMinor: amountMinor,
          },
        ];
        await replaceExpense(tx, existing.id, { ...row, amountMinor, baseMinor: amountMinor }, shares);
        await recordMoney(tx, userId, {
          before: { row: existing, shares: payee ? [payee] : [] },
          after: { row: { ...existing, amountMinor, version: existing.version + 1 }, shares },
        });
        return { view: await viewOf(tx, access, userId, existing.id), trip: access.trip };
      });
      await announceMoneyChange(deps, tripId, userId);
      await announceExpense(deps, trip, userId, changed, 'changed');
      return changed;
    },
  };
}

export type BalancesService = ReturnType<typeof createBalancesService>;
