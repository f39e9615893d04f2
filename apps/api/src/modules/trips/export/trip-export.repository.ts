import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import {
  checklistEntries,
  packingItems,
  plannerItems,
  tripMembers,
  tripBookings,
  tripPlaces,
  trips,
} from '../core/trips.table.ts';

/** The trips the user is in, with their role and when they joined, oldest first. */
export async function findMembershipsForExport(db: Db, userId: string) {
  return db
    .select({ trip: trips, role: tripMembers.role, joinedAt: tripMembers.createdAt })
    .from(tripMembers)
    .innerJoin(trips, eq(trips.id, tripMembers.tripId))
    .where(eq(tripMembers.userId, userId))
    .orderBy(asc(trips.createdAt), asc(trips.id));
}

/** The plan notes of these trips, in plan order. */
export async function findPlannerNotesForExport(db: Db, tripIds: string[]) {
  if (tripIds.length === 0) return [];
  return db
    .select()
    .from(plannerItems)
    .where(and(inArray(plannerItems.tripId, tripIds), eq(plannerItems.kind, 'note')))
    .orderBy(asc(plannerItems.day), asc(plannerItems.position));
}

/** The user's own checklist entries, in order. */
export async function findChecklistForExport(db: Db, userId: string) {
  return db
    .select({ tripId: checklistEntries.tripId, entry: checklistEntries.entry })
    .from(checklistEntries)
    .where(eq(checklistEntries.userId, userId))
    .orderBy(asc(checklistEntries.position));
}

/** The packing items of these trips that the user added or was assigned. */
export async function findPackingItemsForExport(db: Db, userId: string, tripIds: string[]) {
  if (tripIds.length === 0) return [];
  return db
    .select()
    .from(packingItems)
    .where(
      and(
        inArray(packingItems.tripId, tripIds),
        or(eq(packingItems.createdBy, userId), eq(packingItems.assignedTo, userId)),
      ),
    )
    .orderBy(asc(packingItems.createdAt));
}

/** The places of their own of these trips, oldest first. */
export async function findTripPlacesForExport(db: Db, tripIds: string[]) {
  if (tripIds.length === 0) return [];
  return db
    .select()
    .from(tripPlaces)
    .where(inArray(tripPlaces.tripId, tripIds))
    .orderBy(asc(tripPlaces.createdAt), asc(tripPlaces.id));
}

/** The bookings of these trips, soonest first. */
export async function findTripBookingsForExport(db: Db, tripIds: string[]) {
  if (tripIds.length === 0) return [];
  return db
    .select()
    .from(tripBookings)
    .where(inArray(tripBookings.tripId, tripIds))
    .orderBy(asc(tripBookings.startAt), asc(tripBookings.id));
}
