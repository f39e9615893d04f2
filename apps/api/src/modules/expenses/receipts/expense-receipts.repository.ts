import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { expenses } from '../core/expenses.table.ts';

/**
 * Takes the receipts off every expense `userId` added (a deleted account's receipts go with it;
 * the expenses stay for the people who share them): the stored keys, for the caller to remove
 * once its transaction has committed.
 */
export async function detachReceiptsOf(db: Db, userId: string): Promise<string[]> {
  const mine = and(eq(expenses.createdBy, userId), isNotNull(expenses.receiptKey));
  const rows = await db.select({ key: expenses.receiptKey }).from(expenses).where(mine).for('update');
  if (rows.length === 0) return [];
  await db.update(expenses).set({ receiptKey: null, receiptType: null }).where(mine);
  return rows.flatMap((row) => (row.key ? [row.key] : []));
}
