import { isUuid } from '@tripcrew/contracts/common';
import type { Db } from '../../../db/client.ts';
import { badRequest, conflict, forbidden } from '../../../platform/errors.ts';
import type { MoneyEntry } from '../../trips/index.ts';
import { assertOwed, balancesOf } from '../balances/expense-balances.service.ts';
import { assertRoomForOneMore, moneyAccess, type MoneyAccess } from './expense-access.ts';
import { namesOf } from './expense-views.ts';
import { findTripBooking } from '../../trips/index.ts';
import { deleteExpense, findExpense, findShares, insertExpense } from './expenses.repository.ts';
import { mayChangeExpense, mayChangeSettlement, NOT_A_PARTY, NOT_AUTHOR } from './expenses.policy.ts';
import { type MoneySnapshot, recordMoney } from './money-history.ts';
import { travellersOf } from './expenses.service.ts';

/**
 * Undoing an expense or a payment from the trip's history (issue 35, decision 035), by the rules
 * of the money: an addition is undone by deleting what was added, if nobody changed it since; a
 * removal by bringing it back as it was, with its id, if everyone in it is still in the trip and,
 * for a payment, it is still owed. Who may change it may undo it (its author or an admin for an
 * expense, its payer, its payee or an admin for a payment). The undo is an entry of its own.
 */

const GONE = 'This has changed since: there is nothing left to undo.';
const CHANGED = 'This has changed since it was added: correct or delete it in the money tab instead.';

function assertMayChange(access: MoneyAccess, userId: string, snapshot: MoneySnapshot): void {
  const { row, shares } = snapshot;
  if (row.kind === 'settlement') {
    if (!mayChangeSettlement(access.role, userId, row.paidBy, shares[0]?.userId ?? ''))
      throw forbidden(NOT_A_PARTY);
  } else if (!mayChangeExpense(access.role, userId, row.createdBy)) throw forbidden(NOT_AUTHOR);
}

/** The whole record a removal kept, or undefined when the entry holds none. */
function snapshotIn(entry: MoneyEntry): MoneySnapshot | undefined {
  const record = entry.before?.record as Partial<MoneySnapshot> | undefined;
  return record?.row && Array.isArray(record.shares) ? (record as MoneySnapshot) : undefined;
}

async function undoAddition(tx: Db, userId: string, access: MoneyAccess, entry: MoneyEntry): Promise<void> {
  const id = entry.recordId ?? '';
  const row = isUuid(id) ? await findExpense(tx, access.trip.id, id, true) : undefined;
  if (!row) throw conflict(GONE);
  if (row.version !== entry.version) throw conflict(CHANGED);
  const shares = await findShares(tx, [row.id]);
  assertMayChange(access, userId, { row, shares });
  if (row.receiptKey) throw conflict('It has a receipt now: delete it in the money tab.');
  await deleteExpense(tx, row.id);
  await recordMoney(tx, userId, { before: { row, shares }, undoOf: entry.id });
}

async function undoRemoval(tx: Db, userId: string, access: MoneyAccess, entry: MoneyEntry): Promise<void> {
  const snapshot = snapshotIn(entry);
  const id = entry.recordId ?? '';
  if (!snapshot || !isUuid(id)) throw badRequest('This change cannot be undone.');
  if (await findExpense(tx, access.trip.id, id)) throw conflict(GONE);
  assertMayChange(access, userId, snapshot);
  const { row, shares } = snapshot;
  const travellers = await travellersOf(tx, access.trip.id);
  const gone = [row.paidBy, ...shares.map((share) => share.userId)].filter(
    (person) => !travellers.has(person),
  );
  if (gone.length > 0) {
    const names = await namesOf(tx, gone);
    const who = [...new Set(gone)].map((person) => names.get(person) ?? 'A former member').join(', ');
    throw conflict(`${who} is no longer in the trip: add it again in the money tab.`);
  }
  await assertRoomForOneMore(tx, access.trip.id);
  if (row.kind === 'settlement') {
    assertOwed(await balancesOf(tx, access.trip.id), {
      from: row.paidBy,
      to: shares[0]?.userId ?? '',
      amountMinor: row.amountMinor,
      base: row.currency,
    });
  }
  // Its booking may have gone since: the expense comes back without the link.
  const booking = row.bookingId ? await findTripBooking(tx, access.trip.id, row.bookingId) : undefined;
  const restored = { ...row, id, tripId: access.trip.id, updatedBy: userId, bookingId: booking?.id ?? null };
  await insertExpense(tx, restored, shares);
  await recordMoney(tx, userId, { after: { row: { ...restored, version: 1 }, shares }, undoOf: entry.id });
}

/** Undoes an entry of the trip's money (given to the trips module's history by app.ts). */
export async function undoMoney(tx: Db, userId: string, tripId: string, entry: MoneyEntry): Promise<void> {
  const access = await moneyAccess(tx, userId, tripId, 'money.add', true);
  if (entry.action === 'added') return undoAddition(tx, userId, access, entry);
  if (entry.action === 'removed') return undoRemoval(tx, userId, access, entry);
  throw badRequest('This change cannot be undone.');
}
