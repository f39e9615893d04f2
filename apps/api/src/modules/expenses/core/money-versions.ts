import type { Db } from '../../../db/client.ts';
import { badRequest, versionConflict } from '../../../platform/errors.ts';
import { findUserCards } from '../../users/index.ts';

/**
 * Versions of the trip's money (issue 35, decision 035): an expense, a settlement or the budget
 * names the version an edit started from, and one changed since answers 409 VERSION_CONFLICT with
 * the record as it is now and who changed it last — nothing of the edit is written, so nobody's
 * change is replaced silently. Money is checked by the whole record, not field by field: an
 * expense's amount, payer and split are one decision, and a rate changed under a new amount
 * would change what everyone owes.
 */
export interface VersionedMoney {
  kind: 'expense' | 'settlement' | 'budget';
  id: string;
  version: number;
  updatedAt: Date;
  updatedBy: string | null;
}

export async function assertSameVersion(
  tx: Db,
  record: VersionedMoney,
  baseVersion: number | undefined,
  /** The record as it is now, as the API shows it, and the fields the edit would change. */
  current: () => Promise<{ values: Record<string, unknown>; fields: string[] }>,
  what: string,
): Promise<void> {
  if (baseVersion === undefined || baseVersion === record.version) return;
  if (baseVersion > record.version) {
    throw badRequest(
      `This edit starts from version ${baseVersion}, but the newest is ${record.version}: reload and try again.`,
      'version',
    );
  }
  const card = record.updatedBy
    ? (await findUserCards(tx, [record.updatedBy])).get(record.updatedBy)
    : undefined;
  const name = card ? `${card.name} ${card.lastName}`.trim() : null;
  const { values, fields } = await current();
  throw versionConflict(`${name ?? 'Someone'} changed ${what} while you were editing.`, {
    kind: record.kind,
    recordId: record.id,
    version: record.version,
    fields,
    current: { ...values, version: record.version },
    changedBy: card ? { _id: card.id, name: name ?? '' } : null,
    changedAt: record.updatedAt.toISOString(),
  });
}

interface ExpenseFields {
  title: string;
  amountMinor: number;
  currency: string;
  rate: string;
  spentOn: string;
  category: string;
  paidBy: string;
  splitKind: string;
}
/** What the split said for a person (null for an equal part): the amounts follow from it. */
interface ShareFields {
  userId: string;
  value: string | null;
}

const sharesKey = (shares: readonly ShareFields[]) =>
  shares
    .map((share) => `${share.userId}:${share.value ?? ''}`)
    .sort()
    .join(',');

/** The fields (as the API names them) in which an edit differs from the expense as it is now. */
export function changedExpenseFields(
  now: ExpenseFields,
  nowShares: readonly ShareFields[],
  edit: ExpenseFields,
  editShares: readonly ShareFields[],
): string[] {
  const pairs: [string, unknown, unknown][] = [
    ['title', now.title, edit.title],
    ['amount', now.amountMinor, edit.amountMinor],
    ['currency', now.currency, edit.currency],
    ['rate', now.rate, edit.rate],
    ['date', now.spentOn, edit.spentOn],
    ['category', now.category, edit.category],
    ['paidBy', now.paidBy, edit.paidBy],
    ['split', `${now.splitKind} ${sharesKey(nowShares)}`, `${edit.splitKind} ${sharesKey(editShares)}`],
  ];
  return pairs.filter(([, a, b]) => a !== b).map(([field]) => field);
}
