import { fromMinorUnits } from '@tripcrew/contracts/currencies';
import type { Db } from '../../../db/client.ts';
import { recordActivity } from '../../trips/index.ts';
import type { MoneyAccess } from './expense-access.ts';
import type { ExpenseRow, ExpenseShareRow } from './expenses.table.ts';
import { changedExpenseFields } from './money-versions.ts';

/**
 * The trip's money in its history (issue 35, decision 035): every expense, payment and budget
 * change is an entry — who, what, when, the fields before and after — written in the transaction
 * of the change. An expense's or a payment's entry is read by the people in it (who paid, who
 * shares it, who was paid) and by the trip's travellers, who read all of its money; the budget's
 * by the travellers only. Money is corrected in the money tab, not undone from the history.
 */

type MoneyRow = Pick<
  ExpenseRow,
  | 'id'
  | 'tripId'
  | 'kind'
  | 'title'
  | 'amountMinor'
  | 'currency'
  | 'rate'
  | 'spentOn'
  | 'category'
  | 'paidBy'
  | 'splitKind'
  | 'version'
>;
type MoneyShare = Pick<ExpenseShareRow, 'userId' | 'value'> & Partial<ExpenseShareRow>;

/** An expense or a payment as it was, whole: what the undo of its removal inserts again. */
export interface MoneySnapshot {
  row: Omit<
    ExpenseRow,
    'id' | 'tripId' | 'createdAt' | 'updatedAt' | 'receiptKey' | 'receiptType' | 'version'
  >;
  shares: Omit<ExpenseShareRow, 'expenseId'>[];
}

function snapshotOf({ row, shares }: MoneyState): Partial<MoneySnapshot> {
  const full = row as Partial<ExpenseRow>;
  return {
    row: {
      kind: row.kind,
      title: row.title,
      amountMinor: row.amountMinor,
      currency: row.currency,
      rate: row.rate,
      baseMinor: full.baseMinor ?? row.amountMinor,
      baseCurrency: full.baseCurrency ?? row.currency,
      spentOn: row.spentOn,
      category: row.category,
      paidBy: row.paidBy,
      splitKind: row.splitKind,
      createdBy: full.createdBy ?? null,
      updatedBy: full.updatedBy ?? null,
      bookingId: full.bookingId ?? null,
    },
    shares: shares.map((share) => ({
      userId: share.userId,
      value: share.value,
      shareMinor: share.shareMinor ?? 0,
      shareBaseMinor: share.shareBaseMinor ?? 0,
    })),
  };
}

/** A payment or an expense with its shares, as a change finds or leaves it. */
export interface MoneyState {
  row: MoneyRow;
  shares: readonly MoneyShare[];
}

/** What the history keeps of an expense or a payment: the values the API names its fields by. */
function valuesOf({ row, shares }: MoneyState): Record<string, string> {
  const amount = fromMinorUnits(row.amountMinor, row.currency);
  if (row.kind === 'settlement') {
    return { from: row.paidBy, to: shares[0]?.userId ?? '', amount, currency: row.currency };
  }
  return {
    title: row.title,
    amount,
    currency: row.currency,
    rate: row.rate,
    date: row.spentOn,
    category: row.category,
    paidBy: row.paidBy,
    split: row.splitKind,
  };
}

const peopleOf = (state: MoneyState | undefined): string[] =>
  state ? [state.row.paidBy, ...state.shares.map((share) => share.userId)] : [];

/**
 * Writes the entry of an expense or a payment added (`after` only), changed (both) or removed
 * (`before` only); a change that changed nothing writes none.
 */
export async function recordMoney(
  tx: Db,
  actorId: string,
  change: { before?: MoneyState; after?: MoneyState; undoOf?: string },
): Promise<void> {
  const { before, after } = change;
  const state = after ?? before;
  if (!state) return;
  const { row } = state;
  const valuesBefore = before ? valuesOf(before) : null;
  const valuesAfter = after ? valuesOf(after) : null;
  let fields: string[] = [];
  if (before && after) {
    fields =
      row.kind === 'settlement'
        ? before.row.amountMinor === after.row.amountMinor
          ? []
          : ['amount']
        : changedExpenseFields(before.row, before.shares, after.row, after.shares);
    if (fields.length === 0) return;
  }
  // A change keeps the fields it touched, the currency its amounts are in and, for a payment,
  // who paid whom (its words name them).
  const kept = [...fields, 'currency', ...(row.kind === 'settlement' ? ['from', 'to'] : [])];
  const pick = (values: Record<string, string> | null) =>
    values && before && after
      ? Object.fromEntries(kept.map((field) => [field, values[field] ?? null]))
      : values;
  await recordActivity(tx, actorId, {
    tripId: row.tripId,
    kind: row.kind === 'settlement' ? 'settlement' : 'expense',
    recordId: row.id,
    action: before && after ? 'changed' : after ? 'added' : 'removed',
    version: after ? after.row.version : null,
    label: row.kind === 'settlement' ? '' : row.title,
    fields,
    // A removal keeps the whole record, so that its undo brings it back as it was.
    before: before && !after ? { ...valuesBefore, record: snapshotOf(before) } : pick(valuesBefore),
    after: pick(valuesAfter),
    audience: [...peopleOf(before), ...peopleOf(after)],
    undoOf: change.undoOf ?? null,
  });
}

type BudgetSettings = Pick<
  MoneyAccess['budget'],
  'baseCurrency' | 'plannedMinor' | 'plannedCategories' | 'visibleToGuests' | 'version'
>;

function budgetValues(budget: BudgetSettings): Record<string, unknown> {
  const money = (minor: number | null | undefined) =>
    minor === null || minor === undefined ? null : fromMinorUnits(minor, budget.baseCurrency);
  return {
    baseCurrency: budget.baseCurrency,
    planned: money(budget.plannedMinor),
    categories: Object.fromEntries(
      Object.entries(budget.plannedCategories)
        .filter(([, minor]) => typeof minor === 'number')
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([category, minor]) => [category, money(minor)]),
    ),
    visibleToGuests: budget.visibleToGuests,
  };
}

/** Writes the entry of a budget change: its settings before and after, for the travellers. */
export async function recordBudget(
  tx: Db,
  actorId: string,
  tripId: string,
  before: BudgetSettings,
  after: BudgetSettings,
): Promise<void> {
  const valuesBefore = budgetValues(before);
  const valuesAfter = budgetValues(after);
  const fields = Object.keys(valuesAfter).filter(
    (field) => JSON.stringify(valuesBefore[field]) !== JSON.stringify(valuesAfter[field]),
  );
  if (fields.length === 0) return;
  await recordActivity(tx, actorId, {
    tripId,
    kind: 'budget',
    recordId: tripId,
    action: 'changed',
    version: after.version,
    label: '',
    fields,
    // With the currency the amounts are in, changed or not.
    before: Object.fromEntries([...new Set([...fields, 'baseCurrency'])].map((f) => [f, valuesBefore[f]])),
    after: Object.fromEntries([...new Set([...fields, 'baseCurrency'])].map((f) => [f, valuesAfter[f]])),
    audience: [],
  });
}
