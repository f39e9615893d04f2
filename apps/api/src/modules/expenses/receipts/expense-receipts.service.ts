/**
 * An expense's receipt (issue 24): one image or PDF per expense, judged by its bytes, at most
 * RECEIPT_MAX_BYTES. Images are decoded and re-encoded (metadata such as GPS dropped, at most
 * 2400 px); a PDF must start like one and end like one, and is stored as sent (it is served only
 * as a download, never rendered inline by the app). Stored under `receipts/`, a key no public
 * route serves: only GET …/receipt, for the people in the expense and the trip's admins.
 */
import { PDFDocument } from 'pdf-lib';
import { AppError, forbidden, notFound } from '../../../platform/errors.ts';
import { ImageRejectedError, inspectImage, resizeImage } from '../../../platform/images.ts';
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

/** True when `data` has a PDF's header and, in its last kilobyte, its end-of-file marker. */
export function looksLikePdf(data: Buffer): boolean {
  if (data.length < 64 || data.subarray(0, 5).toString('latin1') !== '%PDF-') return false;
  return data
    .subarray(Math.max(0, data.length - 1024))
    .toString('latin1')
    .includes('%%EOF');
}

/** True when a PDF parser opens `data` and finds at least one page in it. */
export async function opensAsPdf(data: Buffer): Promise<boolean> {
  try {
    const document = await PDFDocument.load(data, { updateMetadata: false, throwOnInvalidObject: true });
    return document.getPageCount() > 0;
  } catch {
    return false;
  }
}

async function clean(data: Buffer): Promise<{ bytes: Buffer; type: string; extension: string }> {
  if (looksLikePdf(data)) {
    if (await opensAsPdf(data)) return { bytes: data, type: 'application/pdf', extension: 'pdf' };
    throw new AppError(
      'RECEIPT_NOT_OPENING',
      `${RECEIPT_ACCEPTED}. This PDF does not open: save it again from the app that made it.`,
      400,
      { field: 'file' },
    );
  }
  try {
    const { width, height } = await inspectImage(data);
    // Receipts are often long strips: the longest side is the one limited.
    const box = width >= height ? { width: RECEIPT_MAX_SIDE } : { height: RECEIPT_MAX_SIDE };
    const bytes = await resizeImage(data, box);
    return { bytes, type: 'image/webp', extension: 'webp' };
  } catch (error) {
    if (error instanceof ImageRejectedError)
      throw new AppError(error.code, `${RECEIPT_ACCEPTED}. ${error.message}`, 400, { field: 'file' });
    throw error;
  }
}

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
