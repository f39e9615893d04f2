import {
  bigint,
  boolean,
  check,
  date,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { actorColumn, idColumn, nowColumn, ownerColumn, versionColumn } from '../../../db/columns.ts';
import { tripBookings, trips } from '../../trips/core/trips.table.ts';
import { users } from '../../users/users.table.ts';

/**
 * Money of a trip (issue 24). Amounts are integers in minor units of their currency (bigint
 * columns read as numbers: every amount is below 2^53). `paid_by` and the shares' `user_id` keep
 * the user id without a foreign key: a deleted account's part of the money stays, or the
 * balances of everyone else would change.
 */
export const tripBudgets = pgTable('trip_budgets', {
  tripId: uuid('trip_id')
    .primaryKey()
    .references(() => trips.id, { onDelete: 'cascade' }),
  baseCurrency: text('base_currency').notNull().default('EUR'),
  plannedMinor: bigint('planned_minor', { mode: 'number' }),
  /** category → planned minor units. */
  plannedCategories: jsonb('planned_categories').$type<Record<string, number>>().notNull().default({}),
  visibleToGuests: boolean('visible_to_guests').notNull().default(false),
  updatedAt: nowColumn('updated_at'),
  /** Who changed it last: named in a 409 to an edit that started from an older version (issue 35). */
  updatedBy: actorColumn('updated_by', () => users.id),
  version: versionColumn(),
});

export const expenses = pgTable(
  'trip_expenses',
  {
    id: idColumn(),
    tripId: ownerColumn('trip_id', () => trips.id),
    kind: text('kind', { enum: ['expense', 'settlement'] }).notNull(),
    title: text('title').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    /** Units of base_currency per unit of currency, as decimal text ("1" when they are the same). */
    rate: text('rate').notNull(),
    baseMinor: bigint('base_minor', { mode: 'number' }).notNull(),
    baseCurrency: text('base_currency').notNull(),
    spentOn: date('spent_on', { mode: 'string' }).notNull(),
    category: text('category').notNull(),
    paidBy: uuid('paid_by').notNull(),
    splitKind: text('split_kind').notNull(),
    createdBy: actorColumn('created_by', () => users.id),
    createdAt: nowColumn(),
    updatedAt: nowColumn('updated_at'),
    receiptKey: text('receipt_key'),
    receiptType: text('receipt_type'),
    /** The booking whose cost it is (made from the booking in one step); null once the booking goes. */
    bookingId: uuid('booking_id').references(() => tripBookings.id, { onDelete: 'set null' }),
    /** Who changed it last: named in a 409 to an edit that started from an older version (issue 35). */
    updatedBy: actorColumn('updated_by', () => users.id),
    version: versionColumn(),
  },
  (t) => [
    index('trip_expenses_trip').on(t.tripId, t.spentOn),
    check('trip_expenses_amount_positive', sql`${t.amountMinor} > 0 and ${t.baseMinor} >= 0`),
  ],
);

export const expenseShares = pgTable(
  'trip_expense_shares',
  {
    expenseId: ownerColumn('expense_id', () => expenses.id),
    userId: uuid('user_id').notNull(),
    /** What the split said for this person ("2" shares, "33.33" %, "12.50"), null for equal. */
    value: text('value'),
    shareMinor: bigint('share_minor', { mode: 'number' }).notNull(),
    shareBaseMinor: bigint('share_base_minor', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.expenseId, t.userId] }), index('trip_expense_shares_user').on(t.userId)],
);

/** Reference rates: units of `currency` for one euro (the European Central Bank's format). */
export const exchangeRates = pgTable('exchange_rates', {
  currency: text('currency').primaryKey(),
  perEur: text('per_eur').notNull(),
  asOf: date('as_of', { mode: 'string' }).notNull(),
  updatedAt: nowColumn('updated_at'),
});

export type TripBudgetRow = typeof tripBudgets.$inferSelect;
export type ExpenseRow = typeof expenses.$inferSelect;
export type ExpenseShareRow = typeof expenseShares.$inferSelect;
export type ExchangeRateRow = typeof exchangeRates.$inferSelect;
