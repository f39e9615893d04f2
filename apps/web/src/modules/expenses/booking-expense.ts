import { EXPENSE_TITLE_MAX, type ExpenseCategory } from '@tripcrew/contracts/expenses';
import type { BookingKind } from '@tripcrew/contracts/trip-bookings';
import { type DraftContext, newExpenseDraft } from './expense-draft.ts';
import type { ExpenseDraft } from './expense-form-rules.ts';

/**
 * What a new expense takes from a trip booking with a cost. The trip page reads the booking and
 * gives this; the expenses module reads no booking of its own.
 */
export interface BookingCost {
  bookingId: string;
  /** The booking's title as its card shows it. */
  title: string;
  kind: BookingKind;
  /** Its cost, as decimal text in its currency ("412.30"). */
  amount: string;
  currency: string;
  /** The day it starts where it happens (YYYY-MM-DD). */
  date: string;
  /** The members it covers; none: everyone in the trip shares it. */
  travellers: readonly string[];
}

/** The category an expense made from a booking of each kind starts with. */
const CATEGORY_OF_KIND: Record<BookingKind, ExpenseCategory> = {
  flight: 'transport',
  train: 'transport',
  bus: 'transport',
  ferry: 'transport',
  'car-rental': 'transport',
  lodging: 'accommodation',
  restaurant: 'food',
  event: 'activities',
  tour: 'activities',
  other: 'other',
};

/**
 * The form of a new expense made from a booking: the defaults of any new expense (paid by the
 * caller, shared equally), with the booking's title, cost, day and category, shared by its
 * travellers who are in the trip, else by everyone.
 */
export function bookingExpenseDraft(cost: BookingCost, context: DraftContext): ExpenseDraft {
  const draft = newExpenseDraft(context);
  const travellers = context.people.filter((person) => cost.travellers.includes(person._id));
  const sharing = travellers.length > 0 ? travellers : context.people;
  return {
    ...draft,
    title: cost.title.slice(0, EXPENSE_TITLE_MAX),
    amount: cost.amount,
    currency: cost.currency.toUpperCase(),
    date: /^\d{4}-\d{2}-\d{2}$/.test(cost.date) ? cost.date : draft.date,
    category: CATEGORY_OF_KIND[cost.kind],
    split: Object.fromEntries(
      context.people.map((person) => [person._id, { included: sharing.includes(person), value: '' }]),
    ),
  };
}
