import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '../../../lib/i18n/i18n.ts';
import type { Expense, ExpenseCategory } from '@tripcrew/contracts/expenses';
import { formatAmountText } from '../../../lib/format/money.ts';

/** A person who may pay or share costs (the trip's members, viewers included). */
export interface MoneyPerson {
  _id: string;
  name: string;
}

export const CARD_CLASS =
  'flex flex-col gap-4 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-700';

export const FIELD_CLASS =
  'w-full rounded-xl border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-60 aria-[invalid=true]:border-red-600 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100 dark:aria-[invalid=true]:border-red-400';

export const LABEL_CLASS = 'text-sm font-medium text-slate-800 dark:text-slate-200';
export const HINT_CLASS = 'text-sm text-slate-600 dark:text-slate-300';
export const ERROR_CLASS = 'text-sm text-red-700 dark:text-red-300';

export const CATEGORY_LABELS: Record<ExpenseCategory, MessageDescriptor> = {
  accommodation: msg`Accommodation`,
  transport: msg`Transport`,
  food: msg`Food and drinks`,
  activities: msg`Activities`,
  shopping: msg`Shopping`,
  other: msg`Other`,
};

/** What an action that needs the server says while the device is offline. */
export const NEEDS_NETWORK = msg`Changes to the money need the network: you are offline.`;

/** "Ana paid Bo €12.00": a settlement between two people. */
export function settlementText(entry: Expense): string {
  const to = entry.split.people[0]?.name ?? 'someone';
  return `${entry.paidBy.name} paid ${to} ${formatAmountText(entry.amount, entry.currency)}`;
}
