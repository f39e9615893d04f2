import { msg, t } from '@lingui/core/macro';
import type { HistoryEntry } from '../../api/trip-history.ts';
import { formatLongDate } from '../../../../lib/format/date-words.ts';
import { formatAmountText } from '../../../../lib/format/money.ts';
import { i18n, type MessageDescriptor } from '../../../../lib/i18n/i18n.ts';
import type { HistoryContext, HistoryDetail } from './history-words.ts';

/**
 * The trip's money in words (issue 35): "Ana added the expense ‘Dinner’ (€90.00)", "Bo recorded a
 * payment: Bo paid Ana €10.00", "Ana changed the budget" with its figures before and after.
 */

export const MONEY_KINDS: readonly HistoryEntry['kind'][] = ['expense', 'settlement', 'budget'];

type Values = Record<string, unknown> | null;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** An amount of the entry in its currency (the budget's base currency for the budget). */
function amountWords(amount: unknown, values: Values): string {
  if (typeof amount !== 'string' || amount === '') return t`none`;
  const currency = text(values?.currency) || text(values?.baseCurrency);
  return currency ? formatAmountText(amount, currency) : amount;
}

const personWords = (value: unknown, context: HistoryContext): string =>
  typeof value === 'string' && value ? (context.memberName(value) ?? t`a former member`) : t`a former member`;

function splitWords(value: unknown): string {
  switch (value) {
    case 'equal':
      return t`equally`;
    case 'exact':
      return t`by amounts`;
    case 'percent':
      return t`by percentages`;
    case 'shares':
      return t`by shares`;
    default:
      return text(value);
  }
}

function categoriesWords(value: unknown, values: Values, context: HistoryContext): string {
  if (!value || typeof value !== 'object') return t`none`;
  const parts = Object.entries(value as Record<string, unknown>).map(
    ([category, amount]) => `${context.categoryName(category)} ${amountWords(amount, values)}`,
  );
  return parts.length > 0 ? parts.join(', ') : t`none`;
}

const FIELD_NAMES: Record<string, MessageDescriptor> = {
  title: msg`What`,
  amount: msg`Amount`,
  currency: msg`Currency`,
  rate: msg`Rate`,
  date: msg`Date`,
  category: msg`Category`,
  paidBy: msg`Paid by`,
  split: msg`Split`,
  planned: msg`Planned in total`,
  baseCurrency: msg`Base currency`,
  categories: msg`Planned per category`,
  visibleToGuests: msg`Shown to guests and viewers`,
};

function fieldName(field: string): string {
  const name = FIELD_NAMES[field];
  return name ? i18n._(name) : field;
}

function valueWords(field: string, value: unknown, values: Values, context: HistoryContext): string {
  switch (field) {
    case 'amount':
    case 'planned':
      return amountWords(value, values);
    case 'date':
      return typeof value === 'string' ? formatLongDate(value) || value : '';
    case 'category':
      return typeof value === 'string' ? context.categoryName(value) : '';
    case 'paidBy':
      return personWords(value, context);
    case 'split':
      return splitWords(value);
    case 'categories':
      return categoriesWords(value, values, context);
    case 'visibleToGuests':
      return value === true ? t`yes` : t`no`;
    default:
      return text(value);
  }
}

/** The fields a change of money touched, before and after. */
export function moneyDetails(entry: HistoryEntry, context: HistoryContext): HistoryDetail[] {
  if (entry.action !== 'changed') return [];
  return entry.fields.map((field) => ({
    field: fieldName(field),
    before: valueWords(field, entry.before?.[field], entry.before, context),
    after: valueWords(field, entry.after?.[field], entry.after, context),
  }));
}

function expenseSentence(entry: HistoryEntry, who: string): string {
  const title = `‘${entry.label}’`;
  const values = entry.after ?? entry.before;
  const amount = amountWords(values?.amount, values);
  if (entry.action === 'added')
    return entry.undoOf
      ? t`${who} undid removing the expense ${title} (${amount})`
      : t`${who} added the expense ${title} (${amount})`;
  if (entry.action === 'removed')
    return entry.undoOf
      ? t`${who} undid adding the expense ${title} (${amount})`
      : t`${who} removed the expense ${title} (${amount})`;
  return t`${who} changed the expense ${title}`;
}

function settlementSentence(entry: HistoryEntry, who: string, context: HistoryContext): string {
  const values = entry.after ?? entry.before;
  const from = personWords(values?.from, context);
  const to = personWords(values?.to, context);
  const amount = amountWords(values?.amount, values);
  if (entry.action === 'added')
    return entry.undoOf
      ? t`${who} undid removing the payment of ${amount} from ${from} to ${to}`
      : t`${who} recorded a payment: ${from} paid ${to} ${amount}`;
  if (entry.action === 'removed')
    return entry.undoOf
      ? t`${who} undid recording the payment of ${amount} from ${from} to ${to}`
      : t`${who} removed the payment of ${amount} from ${from} to ${to}`;
  return t`${who} changed the payment from ${from} to ${to}`;
}

/** The sentence of an entry of the trip's money. */
export function moneySentence(entry: HistoryEntry, who: string, context: HistoryContext): string {
  if (entry.kind === 'expense') return expenseSentence(entry, who);
  if (entry.kind === 'settlement') return settlementSentence(entry, who, context);
  return t`${who} changed the budget`;
}
