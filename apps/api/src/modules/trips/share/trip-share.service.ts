import type { SharedBooking, SharedPlanItem, SharedTrip, TripShare } from '@tripcrew/contracts/trip-links';
import { notFound } from '../../../platform/errors.ts';
import { randomToken, sha256 } from '../../../platform/tokens.ts';
import { toFeature } from '../../features/index.ts';
import { findPlaceRow, placeImage } from '../../places/index.ts';
import { findUserCardsSortedByName } from '../../users/index.ts';
import { readAccess, writeAccess } from '../core/trip-access.ts';
import { memberIdsOf, type TripContext } from '../core/trip-context.ts';
import { firstName } from '../invites/trip-invites.service.ts';
import { shareTokens } from '../invites/trip-links.repository.ts';
import { featuresOfTrip, plannerItemsOf } from '../core/trip-views.ts';
import { findTrip } from '../core/trips.repository.ts';
import type { TripBookingRow } from '../core/trips.table.ts';
import { findTripBookings } from '../bookings/trip-bookings.repository.ts';

/** A booking on the share page: kind, place and time only (no code, seat, cost, travellers or notes). */
function sharedBooking(row: TripBookingRow): SharedBooking {
  const from = row.startName ?? row.startIata ?? '';
  const to = row.endName ?? row.endIata ?? '';
  return {
    _id: row.id,
    kind: row.kind,
    place: from && to && from !== to ? `${from} → ${to}` : from,
    start: { local: row.startLocal, zone: row.startZone },
    end: row.endLocal && row.endZone ? { local: row.endLocal, zone: row.endZone } : null,
  };
}

const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const NOT_SHARED = 'This trip is not shared, or its link was turned off.';

/**
 * The public read-only share link: an admin turns it on (a new token each time, shown once) and
 * off; anyone with the link sees the trip's name, place, dates, features and day plan, and the
 * members' first names — nothing else. A turned-off or unknown link answers 404.
 */
export function createTripShareService(ctx: TripContext) {
  const { db } = ctx;
  const urlOf = (token: string) => `${ctx.appUrl}/share/${token}`;

  return {
    async status(userId: string, tripId: string): Promise<TripShare> {
      const { trip } = await readAccess(db, userId, tripId, 'share.manage');
      const share = await shareTokens.find(db, trip.id);
      return { enabled: Boolean(share), createdAt: share?.createdAt.toISOString() ?? null, url: null };
    },

    /** Turns sharing on with a new link (an earlier link stops working); the URL is shown once. */
    async enable(userId: string, tripId: string): Promise<TripShare> {
      return db.transaction(async (tx) => {
        const { trip } = await writeAccess(tx, userId, tripId, 'share.manage');
        const token = randomToken();
        const createdAt = await shareTokens.save(tx, trip.id, sha256(token), userId);
        return { enabled: true, createdAt: createdAt.toISOString(), url: urlOf(token) };
      });
    },

    async disable(userId: string, tripId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const { trip } = await writeAccess(tx, userId, tripId, 'share.manage');
        await shareTokens.delete(tx, trip.id);
      });
    },

    /** The shared trip of a token (no sign-in). */
    async shared(token: string): Promise<SharedTrip> {
      if (!TOKEN.test(token)) throw notFound(NOT_SHARED);
      const tripId = await shareTokens.findTripId(db, sha256(token));
      const trip = tripId ? await findTrip(db, tripId) : undefined;
      if (!trip) throw notFound(NOT_SHARED);
      const [place, features, items, memberIds, bookings] = await Promise.all([
        findPlaceRow(db, trip.placeId),
        featuresOfTrip(db, trip.id),
        plannerItemsOf(db, trip.id),
        memberIdsOf(db, trip.id),
        findTripBookings(db, trip.id),
      ]);
      const people = await findUserCardsSortedByName(db, memberIds);
      const days = new Map<string, SharedPlanItem[]>();
      // A place of the trip's own shows by name only (its notes, phone and website stay in the trip).
      for (const { item, feature, place } of items) {
        if (item.day === null) continue;
        const list = days.get(item.day) ?? [];
        list.push({
          _id: item.id,
          kind: item.kind,
          featureId: item.featureId,
          title: feature ? feature.title : place ? place.name : (item.text ?? ''),
          time: item.time,
        });
        days.set(item.day, list);
      }
      return {
        tripName: trip.tripName,
        place: { _id: trip.placeId, name: place?.title ?? trip.tripName },
        startDate: trip.startDate,
        endDate: trip.endDate,
        transportMode: trip.transportMode,
        image:
          trip.imageLandscape ?? trip.imageOriginal ?? placeImage(trip.placeId, place?.imageOriginal ?? null),
        crew: people.map((p) => firstName(p.name)).filter(Boolean),
        features: features.map(toFeature),
        days: [...days.entries()]
          .sort(([a], [b]) => (a < b ? -1 : 1))
          .map(([date, dayItems]) => ({ date, items: dayItems })),
        bookings: bookings.filter((booking) => !booking.hiddenFromShare).map(sharedBooking),
      };
    },
  };
}

export type TripShareService = ReturnType<typeof createTripShareService>;
