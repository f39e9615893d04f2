import { isUuid } from '@tripcrew/contracts/common';
import type { TripRole } from '@tripcrew/contracts/trips';
import type { Db } from '../../../db/client.ts';
import { notFound } from '../../../platform/errors.ts';
import { findTripWithRole, type TripWithRole } from './trips.repository.ts';
import { assertTripAccess, TRIP_NOT_FOUND, type TripAction } from './trips.policy.ts';
import type { TripRow } from './trips.table.ts';

/**
 * The one way every trip service reaches a trip: the row and the caller's role, checked against
 * the policy table (trips.policy.ts). Non-members and unknown trips: 404; a role lacking the
 * action: 403.
 */
export interface TripAccess {
  trip: TripRow;
  role: TripRole;
}

async function access(
  conn: Db,
  lock: boolean,
  userId: string,
  tripId: string,
  action: TripAction,
): Promise<TripAccess> {
  if (!isUuid(tripId)) throw notFound(TRIP_NOT_FOUND);
  const found = await findTripWithRole(conn, tripId, userId, lock);
  const role = found?.role ?? null;
  assertTripAccess(role, action);
  return { trip: (found as TripWithRole).trip, role };
}

/** Reads: the trip and the caller's role, in one statement (no lock). */
export function readAccess(db: Db, userId: string, tripId: string, action: TripAction): Promise<TripAccess> {
  return access(db, false, userId, tripId, action);
}

/** Writes: inside the transaction, locks the trip row first, then checks the policy. */
export function writeAccess(tx: Db, userId: string, tripId: string, action: TripAction): Promise<TripAccess> {
  return access(tx, true, userId, tripId, action);
}

/**
 * Reads that fetch the trip, the caller's role and their own rows in ONE statement (`load`), then
 * check the policy as readAccess does: unknown trips and non-members 404, a role lacking `action` 403.
 */
export async function readWith<T extends { role: TripRole | null }>(
  tripId: string,
  action: TripAction,
  load: () => Promise<T | undefined>,
): Promise<T & { role: TripRole }> {
  if (!isUuid(tripId)) throw notFound(TRIP_NOT_FOUND);
  const found = await load();
  assertTripAccess(found?.role ?? null, action);
  return found as T & { role: TripRole };
}
