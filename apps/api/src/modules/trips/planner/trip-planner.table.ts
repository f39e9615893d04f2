import { date, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { ownerColumn, versionColumn } from '../../../db/columns.ts';
import { trips } from '../core/trips.table.ts';

/**
 * When a planned day starts (09:00 unless a member set it): one row per day that was set, gone
 * with the trip. Its version guards a change against another member's at the same moment.
 */
export const plannerDays = pgTable(
  'planner_days',
  {
    tripId: ownerColumn('trip_id', () => trips.id),
    day: date('day', { mode: 'string' }).notNull(),
    /** 'HH:MM', 24-hour clock. */
    start: text('start').notNull(),
    version: versionColumn(),
  },
  (t) => [primaryKey({ columns: [t.tripId, t.day] })],
);
export type PlannerDayRow = typeof plannerDays.$inferSelect;
