/**
 * An expense's receipt (issue 24): one image or PDF per expense, judged by its bytes, at most
 * RECEIPT_MAX_BYTES, cleaned by platform/documents.ts (images re-encoded, at most 2400 px; PDFs
 * opened, stored as sent and served only as a download). Stored under `receipts/`, a key no public
 * route serves: only GET …/receipt, for the people in the expense and the trip's admins.
 */
import { cleanDocument } from '../../../platform/documents.ts';
import { forbidden, notFound } from '../../../platform/errors.ts';
import type { FileStorage } from '../../../platform/storage.ts';
import { randomId } from '../../../platform/tokens.ts';
import {
  announceMoneyChange,
  changeableExpense,
  expenseOfTrip,
  type ExpensesDeps,
  moneyAccess,
} from '../core/expense-access.ts';
import { findShares, setReceipt } from '../core/expenses.repository.ts';
import { maySeeReceipt } from '../core/expenses.policy.ts';

export const RECEIPT_MAX_BYTES = 5 * 1024 * 1024;
export const RECEIPT_ACCEPTED = 'Upload a receipt as a JPEG, PNG, WebP or GIF image or a PDF';
const RECEIPT_MAX_SIDE = 2400;
const NO_RECEIPT = 'This expense has no receipt.';

const clean = (data: Buffer) =>
  cleanDocument(data, {
    accepted: RECEIPT_ACCEPTED,
    maxSide: RECEIPT_MAX_SIDE,
    notOpening: 'RECEIPT_NOT_OPENING',
  });

export function createReceiptsService(deps: ExpensesDeps & { storage: FileStorage }) {
  const { db, storage } = deps;

  async function expenseOf(userId: string, tripId: string, expenseId: string, lock: boolean) {
    return db.transaction(async (tx) => {
      const access = await moneyAccess(tx, userId, tripId, 'money.read', lock);
      const expense = await expenseOfTrip(tx, access.trip.id, expenseId, lock);
      const shares = await findShares(tx, [expense.id]);
      return { access, expense, involved: [expense.paidBy, ...shares.map((s) => s.userId)] };
    });
  }

  return {
    async put(userId: string, tripId: string, expenseId: string, data: Buffer): Promise<void> {
      const { bytes, type, extension } = await clean(data);
      const key = `receipts/${randomId()}.${extension}`;
      await storage.put(key, bytes);
      let replaced: string | null = null;
      try {
        await db.transaction(async (tx) => {
          const { expense } = await changeableExpense(tx, userId, tripId, expenseId);
          replaced = expense.receiptKey;
          await setReceipt(tx, expense.id, { key, type });
        });
      } catch (error) {
        await storage.delete(key).catch(() => undefined);
        throw error;
      }
      if (replaced) await storage.delete(replaced).catch(() => undefined);
      await announceMoneyChange(deps, tripId, userId);
    },

    async get(
      userId: string,
      tripId: string,
      expenseId: string,
    ): Promise<{ data: Buffer; type: string; name: string }> {
      const { access, expense, involved } = await expenseOf(userId, tripId, expenseId, false);
      if (!maySeeReceipt(access.role, userId, involved))
        throw forbidden('Only the people in this expense and the trip’s admins see its receipt.');
      const data = expense.receiptKey ? await storage.get(expense.receiptKey) : undefined;
      if (!expense.receiptKey || !data) throw notFound(NO_RECEIPT);
      const type = expense.receiptType ?? 'application/octet-stream';
      return { data, type, name: `receipt-${expense.id}.${type === 'application/pdf' ? 'pdf' : 'webp'}` };
    },

    async remove(userId: string, tripId: string, expenseId: string): Promise<void> {
      let removed: string | null = null;
      await db.transaction(async (tx) => {
        const { expense } = await changeableExpense(tx, userId, tripId, expenseId);
        if (!expense.receiptKey) throw notFound(NO_RECEIPT);
        removed = expense.receiptKey;
        await setReceipt(tx, expense.id, null);
      });
      if (removed) await storage.delete(removed).catch(() => undefined);
      await announceMoneyChange(deps, tripId, userId);
    },
  };
}

export type ReceiptsService = ReturnType<typeof createReceiptsService>;
