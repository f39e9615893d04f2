import type { Planner, PlannerItem } from '@tripcrew/contracts/trips';
import type { Db } from '../../../db/client.ts';
import { tripBookingView } from '../bookings/booking-ends.ts';
import { findPlaceRows } from '../../places/index.ts';
import { findActivityBy } from '../history/trip-history.repository.ts';
import { plannerOf } from '../planner/trip-planner.service.ts';
import {
  findChecklistForExport,
  findMembershipsForExport,
  findPackingItemsForExport,
  findPlannerNotesForExport,
  findTripBookingsForExport,
  findTripPlacesForExport,
} from './trip-export.repository.ts';

/** A stored cover of a trip the user created (its original file), for the export's files. */
export interface ExportCover {
  tripId: string;
  key: string;
}

const groupBy = <T>(rows: T[], key: (row: T) => string): Map<string, T[]> => {
  const groups = new Map<string, T[]>();
  for (const row of rows) groups.set(key(row), [...(groups.get(key(row)) ?? []), row]);
  return groups;
};

/**
 * A stop of the plan in the export's words: the feature (id, title, address, position), the
 * place of the trip's own (id, name, address, position) or the note.
 */
function stopOf(item: PlannerItem) {
  const feature = item.kind === 'feature' ? item.feature : null;
  const place = item.kind === 'place' ? item.place : null;
  return {
    id: item._id,
    kind: item.kind,
    feature: feature
      ? { id: feature._id, title: feature.title, address: feature.address, coordinates: feature.coordinates }
      : null,
    place: place
      ? { id: place._id, name: place.name, address: place.address, coordinates: place.coordinates }
      : null,
    text: item.kind === 'note' ? (item.text ?? '') : null,
    time: item.time,
  };
}

/** The trip's plan as its planner shows it: each day's stops in order, and the tray. */
function itineraryOf(planner: Planner) {
  return {
    days: planner.days.map((d) => ({ date: d.date, stops: d.items.map(stopOf) })),
    tray: planner.tray.map(stopOf),
  };
}

/**
 * The trips the user is in for "Download my data", with the parts that are theirs: their role,
 * the trip's itinerary (the planner of every member), their checklist, the packing items they
 * added or carry, the trip's places of its own and bookings, the trip's plan notes (notes do not record an author) and the changes the user
 * made (the trip's history). `cover` is filled in by the caller once the files are collected.
 */
export async function exportTripsData(db: Db, userId: string) {
  const memberships = await findMembershipsForExport(db, userId);
  const tripIds = memberships.map((m) => m.trip.id);
  const places = new Map(
    (
      await findPlaceRows(
        db,
        memberships.map((m) => m.trip.placeId),
      )
    ).map((p) => [p.id, p]),
  );
  const notes = groupBy(await findPlannerNotesForExport(db, tripIds), (n) => n.tripId);
  const checklist = groupBy(await findChecklistForExport(db, userId), (c) => c.tripId);
  const packing = groupBy(await findPackingItemsForExport(db, userId, tripIds), (p) => p.tripId);
  const ownPlaces = groupBy(await findTripPlacesForExport(db, tripIds), (p) => p.tripId);
  const bookings = groupBy(await findTripBookingsForExport(db, tripIds), (b) => b.tripId);
  const history = groupBy(await findActivityBy(db, userId), (entry) => entry.tripId);
  const itineraries = new Map<string, ReturnType<typeof itineraryOf>>();
  for (const { trip } of memberships) itineraries.set(trip.id, itineraryOf(await plannerOf(db, trip)));
  const covers: ExportCover[] = [];
  const list = memberships.map(({ trip, role, joinedAt }) => {
    const place = places.get(trip.placeId);
    const createdByMe = trip.createdBy === userId;
    if (createdByMe && trip.coverKey) covers.push({ tripId: trip.id, key: `${trip.coverKey}.webp` });
    return {
      id: trip.id,
      name: trip.tripName,
      place: place ? { id: place.id, name: place.title, country: place.country } : null,
      startDate: trip.startDate,
      endDate: trip.endDate,
      transportMode: trip.transportMode,
      categories: trip.categories,
      role,
      joinedAt: joinedAt.toISOString(),
      createdByMe,
      createdAt: trip.createdAt.toISOString(),
      itinerary: itineraries.get(trip.id) ?? { days: [], tray: [] },
      plannerNotes: (notes.get(trip.id) ?? []).map((n) => ({
        id: n.id,
        text: n.text ?? '',
        day: n.day,
        time: n.time,
        createdAt: n.createdAt.toISOString(),
      })),
      checklist: (checklist.get(trip.id) ?? []).map((c) => c.entry),
      packingItems: (packing.get(trip.id) ?? []).map((p) => ({
        id: p.id,
        text: p.text,
        done: p.done,
        addedByMe: p.createdBy === userId,
        assignedToMe: p.assignedTo === userId,
        createdAt: p.createdAt.toISOString(),
      })),
      places: (ownPlaces.get(trip.id) ?? []).map((p) => ({
        id: p.id,
        name: p.name,
        category: p.category,
        address: p.address,
        coordinates: { lat: p.lat, lng: p.lng },
        website: p.website,
        phone: p.phone,
        notes: p.notes,
        addedByMe: p.createdBy === userId,
        createdAt: p.createdAt.toISOString(),
      })),
      bookings: (bookings.get(trip.id) ?? []).map((row) => {
        // Its fields only: its files are downloads of the trip, not part of the archive.
        const view = tripBookingView(row, []);
        return {
          id: row.id,
          kind: view.kind,
          title: view.title,
          provider: view.provider,
          confirmationCode: view.confirmationCode,
          carrier: view.carrier,
          number: view.number,
          seat: view.seat,
          partySize: view.partySize,
          cost: view.cost,
          notes: view.notes,
          start: view.start,
          end: view.end,
          travellingMe: row.travellers.includes(userId.toLowerCase()),
          addedByMe: row.createdBy === userId,
          createdAt: view.createdAt,
        };
      }),
      cover: null as string | null,
      history: (history.get(trip.id) ?? []).map((entry) => ({
        id: entry.id,
        kind: entry.kind,
        action: entry.action,
        label: entry.label,
        fields: entry.fields,
        before: entry.before,
        after: entry.after,
        undoOf: entry.undoOf,
        createdAt: entry.createdAt.toISOString(),
      })),
    };
  });
  return { trips: list, covers };
}
