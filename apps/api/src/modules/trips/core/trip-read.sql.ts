import type { TripRole } from '@tripcrew/contracts/trips';
import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { tripMembers, trips, type TripRow } from './trips.table.ts';

/**
 * What the one-statement trip reads share (trip-views, planner and trip features repositories):
 * the caller's membership joined in as `viewer` (the `userId` placeholder), so that the access
 * check and the read are one round trip, and the folding of the joined rows.
 */
export const viewer = alias(tripMembers, 'viewer');

/** `left join trip_members viewer on (viewer is the caller's membership of this trip)`. */
export const viewerOfTrip = and(eq(viewer.tripId, trips.id), eq(viewer.userId, sql.placeholder('userId')));

export interface TripWith<T> {
  trip: TripRow;
  /** The caller's role; null when the caller is not a member. */
  role: TripRole | null;
  rows: T[];
}

/**
 * Folds the rows of a trip left-joined with its own rows: the trip and the role of the first row,
 * and `pick` of each row (undefined for the one row a trip without any has). Undefined when the
 * trip does not exist.
 */
export function foldTripRows<R extends { trip: TripRow; role: TripRole | null }, T>(
  rows: readonly R[],
  pick: (row: R) => T | undefined,
): TripWith<T> | undefined {
  const first = rows[0];
  if (!first) return undefined;
  return {
    trip: first.trip,
    role: first.role,
    rows: rows.flatMap((row) => {
      const value = pick(row);
      return value === undefined ? [] : [value];
    }),
  };
}
