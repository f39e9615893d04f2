import type { Expense } from '@tripcrew/contracts/expenses';
import { toIsoDate } from '../../lib/dates.ts';
import type { ExpenseDraft, SplitEntry } from './expense-form-rules.ts';

export interface DraftContext {
  baseCurrency: string;
  people: readonly { _id: string }[];
  startDate: string | null;
  endDate: string | null;
  currentUserId: string;
  today?: Date;
}

/** The day a new expense gets: today within the trip, else the trip's first day (today without dates). */
export function defaultExpenseDate(
  startDate: string | null,
  endDate: string | null,
  today = new Date(),
): string {
  const day = toIsoDate(today);
  if (!startDate || !endDate) return day;
  return day >= startDate && day <= endDate ? day : startDate;
}

/** A new expense: the base currency, paid by the caller when they travel, shared equally by everyone. */
export function newExpenseDraft(context: DraftContext): ExpenseDraft {
  const { people, currentUserId } = context;
  return {
    title: '',
    amount: '',
    currency: context.baseCurrency,
    rate: '',
    date: defaultExpenseDate(context.startDate, context.endDate, context.today),
    category: 'other',
    paidBy: people.some((p) => p._id === currentUserId) ? currentUserId : (people[0]?._id ?? ''),
    kind: 'equal',
    split: Object.fromEntries(people.map((p) => [p._id, { included: true, value: '' }])),
  };
}

/** The form of an existing expense: its values, and the travellers not in it unticked. */
export function draftOfExpense(expense: Expense, people: readonly { _id: string }[]): ExpenseDraft {
  const split: Record<string, SplitEntry> = Object.fromEntries(
    people.map((p) => [p._id, { included: false, value: expense.split.kind === 'shares' ? '1' : '' }]),
  );
  for (const person of expense.split.people)
    split[person._id] = { included: true, value: person.value ?? '' };
  return {
    title: expense.title,
    amount: expense.amount,
    currency: expense.currency,
    rate: expense.currency === expense.baseCurrency ? '' : expense.rate,
    date: expense.date,
    category: expense.category,
    paidBy: expense.paidBy._id,
    kind: expense.split.kind,
    split,
  };
}
