import { isUuid } from '@tripcrew/contracts/common';
import type { TripRole } from '@tripcrew/contracts/constants';
import { DEFAULT_BASE_CURRENCY } from '@tripcrew/contracts/currencies';
import { EXPENSES_PER_TRIP_MAX, type Expense } from '@tripcrew/contracts/expenses';
import type { Db } from '../../../db/client.ts';
import { badRequest, forbidden, notFound } from '../../../platform/errors.ts';
import type { EventBus } from '../../../platform/events.ts';
import type { FileStorage } from '../../../platform/storage.ts';
import { findTripWithRole, memberIdsOf } from '../../trips/index.ts';
import { countExpenses, findBudget, findExpense, findShares } from './expenses.repository.ts';
import type { ExpenseRow } from './expenses.table.ts';
import {
  FORBIDDEN_MESSAGES,
  type MoneyAction,
  mayChangeExpense,
  mayChangeSettlement,
  mayDo,
  NOT_A_PARTY_TO_CHANGE,
  NOT_AUTHOR,
} from './expenses.policy.ts';

export const TRIP_NOT_FOUND = 'Trip not found';
export const NO_EXPENSE = 'This expense is not part of this trip.';

/** What the money services need from the app (app.ts builds it once). */
export interface ExpensesDeps {
  db: Db;
  events?: Pick<EventBus, 'emit'> | undefined;
  /** Where receipts are kept (a deleted expense's receipt goes with it). */
  storage?: Pick<FileStorage, 'delete'> | undefined;
  now?: () => Date;
}

export interface MoneyAccess {
  trip: { id: string; name: string; startDate: string | null; endDate: string | null };
  role: TripRole;
  budget: {
    baseCurrency: string;
    plannedMinor: number | null;
    plannedCategories: Record<string, number>;
    visibleToGuests: boolean;
    /** The budget's version, who changed it last and when (issue 35); 1 and nobody before any change. */
    version: number;
    updatedBy: string | null;
    updatedAt: Date;
  };
}

/**
 * The trip, the caller's role and the trip's budget settings, checked against the money policy:
 * unknown trips and non-members 404, a role lacking `action` 403. `lock` (inside a write
 * transaction) locks the trip row first, so the writes of one trip's money serialise.
 */
export async function moneyAccess(
  conn: Db,
  userId: string,
  tripId: string,
  action: MoneyAction,
  lock = false,
): Promise<MoneyAccess> {
  if (!isUuid(tripId)) throw notFound(TRIP_NOT_FOUND);
  const found = await findTripWithRole(conn, tripId, userId, lock);
  if (!found?.role) throw notFound(TRIP_NOT_FOUND);
  const budget = await findBudget(conn, found.trip.id);
  const settings = {
    baseCurrency: budget?.baseCurrency ?? DEFAULT_BASE_CURRENCY,
    plannedMinor: budget?.plannedMinor ?? null,
    plannedCategories: budget?.plannedCategories ?? {},
    visibleToGuests: budget?.visibleToGuests ?? false,
    version: budget?.version ?? 1,
    updatedBy: budget?.updatedBy ?? null,
    updatedAt: budget?.updatedAt ?? new Date(0),
  };
  if (!mayDo(found.role, action, settings.visibleToGuests)) throw forbidden(FORBIDDEN_MESSAGES[action]);
  const { id, tripName: name, startDate, endDate } = found.trip;
  return { trip: { id, name, startDate, endDate }, role: found.role, budget: settings };
}

/** The trip's entry `expenseId` (`lock` locks its row); a malformed id or another trip's entry is a 404. */
export async function expenseOfTrip(
  conn: Db,
  tripId: string,
  expenseId: string,
  lock = false,
): Promise<ExpenseRow> {
  const expense = isUuid(expenseId) ? await findExpense(conn, tripId, expenseId, lock) : undefined;
  if (!expense) throw notFound(NO_EXPENSE);
  return expense;
}

/**
 * The start of a change of an entry, inside the write transaction: the money access (trip row
 * locked) and the entry (its row locked), when the caller may change it (else 403): an expense
 * its author or an admin of the trip, a settlement who paid, who was paid, or an admin.
 */
export async function changeableExpense(
  tx: Db,
  userId: string,
  tripId: string,
  expenseId: string,
): Promise<{ access: MoneyAccess; expense: ExpenseRow }> {
  const access = await moneyAccess(tx, userId, tripId, 'money.read', true);
  const expense = await expenseOfTrip(tx, access.trip.id, expenseId, true);
  if (expense.kind === 'settlement') {
    const [payee] = await findShares(tx, [expense.id]);
    if (!mayChangeSettlement(access.role, userId, expense.paidBy, payee?.userId ?? ''))
      throw forbidden(NOT_A_PARTY_TO_CHANGE);
  } else if (!mayChangeExpense(access.role, userId, expense.createdBy)) throw forbidden(NOT_AUTHOR);
  return { access, expense };
}

/** Refuses a new entry when the trip has EXPENSES_PER_TRIP_MAX already. */
export async function assertRoomForOneMore(conn: Db, tripId: string): Promise<void> {
  if ((await countExpenses(conn, tripId)) >= EXPENSES_PER_TRIP_MAX)
    throw badRequest(`A trip has at most ${EXPENSES_PER_TRIP_MAX} expenses and settlements`);
}

/**
 * After a committed change of an entry: the people it concerns (who paid, who shares it) get a
 * notification (notifications module, `trip.expense`), besides the live frame of every change.
 */
export async function announceExpense(
  deps: ExpensesDeps,
  trip: { id: string; name: string },
  byUserId: string,
  entry: Pick<Expense, 'kind' | 'title' | 'amount' | 'currency' | 'paidBy' | 'split'>,
  action: 'added' | 'changed' | 'deleted',
): Promise<void> {
  await deps.events
    ?.emit({
      type: 'trip.expense',
      tripId: trip.id,
      tripName: trip.name,
      byUserId,
      userIds: [entry.paidBy._id, ...entry.split.people.map((p) => p._id)],
      action: entry.kind === 'settlement' && action === 'added' ? 'settled' : action,
      title: entry.title,
      amount: `${entry.amount} ${entry.currency}`,
    })
    .catch(() => undefined);
}

/** After a committed change of a trip's money: every member's screen is told (live trip frame). */
export async function announceMoneyChange(
  deps: ExpensesDeps,
  tripId: string,
  byUserId: string,
): Promise<void> {
  if (!deps.events) return;
  const memberIds = await memberIdsOf(deps.db, tripId);
  try {
    await deps.events.emit({ type: 'trip.changed', tripId, byUserId, memberIds, change: 'expenses' });
  } catch {
    // A failing subscriber never fails the request (the change is committed).
  }
}
