import { isUuid } from '@tripcrew/contracts/common';
import { toMinorUnits } from '@tripcrew/contracts/currencies';
import {
  TRIP_BOOKINGS_MAX,
  MY_BOOKINGS_MAX,
  type BookingImportResult,
  type MyBooking,
  type myBookingsQuerySchema,
  type BookingKind,
  type bookingImportBodySchema,
  type createTripBookingBodySchema,
  type TripBooking,
  type updateTripBookingBodySchema,
} from '@tripcrew/contracts/trip-bookings';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { badRequest, conflict, forbidden, notFound } from '../../../platform/errors.ts';
import { readAccess, readWith, writeAccess } from '../core/trip-access.ts';
import { memberIdsOf, type TripContext } from '../core/trip-context.ts';
import { can } from '../core/trips.policy.ts';
import type { TripBookingRow, TripRow } from '../core/trips.table.ts';
import type { AppEvent } from '../../../platform/events.ts';
import {
  labelOf,
  mergeEdit,
  recordArrival,
  recordEdit,
  type EditedRecord,
} from '../history/record-versions.ts';
import {
  assertInOrder,
  endColumns,
  endOf,
  endRow,
  endText,
  tripBookingView,
  type EndColumns,
} from './booking-ends.ts';
import { bookingFileKeys, findBookingFiles } from './files/booking-files.repository.ts';
import { removeBookingFiles } from './files/booking-files.service.ts';
import { readBookingFile } from './import/booking-mail-reader.ts';
import {
  countTripBookings,
  findBookingsOfMember,
  deleteTripBooking,
  findTripBooking,
  findTripWithBookings,
  insertTripBooking,
  updateTripBooking,
  type TripBookingPatch,
} from './trip-bookings.repository.ts';

export type CreateTripBookingInput = z.output<typeof createTripBookingBodySchema>;
export type MyBookingsQuery = z.output<typeof myBookingsQuerySchema>;
export type BookingImportInput = z.output<typeof bookingImportBodySchema>;
export type UpdateTripBookingInput = z.output<typeof updateTripBookingBodySchema>;

const NO_BOOKING = 'This booking is not among the bookings of this trip.';
const HIDE_REFUSED = 'Only an admin of the trip can hide a booking from the share page.';

/** The fields of a booking an edit changes and its history keeps (a start or end as one line). */
export type BookingValues = {
  kind: BookingKind;
  title: string;
  provider: string;
  confirmationCode: string;
  carrier: string;
  number: string;
  seat: string;
  partySize: number | null;
  travellers: string;
  cost: string | null;
  notes: string;
  hiddenFromShare: boolean;
  start: string;
  end: string | null;
};

const KIND_WORDS: Record<BookingKind, string> = {
  flight: 'Flight',
  train: 'Train',
  bus: 'Bus',
  ferry: 'Ferry',
  'car-rental': 'Car rental',
  lodging: 'Stay',
  restaurant: 'Table',
  event: 'Event',
  tour: 'Tour',
  other: 'Booking',
};

/** A title when none is given: "Flight TP 1350", "Train Lisbon → Porto", the hotel's name. */
function defaultTitle(
  kind: BookingKind,
  carrier: string,
  number: string,
  start: EndColumns,
  end: EndColumns | null,
): string {
  const code = [carrier, number].filter(Boolean).join(' ');
  const from = start.iata ?? start.name;
  const to = end?.iata ?? end?.name;
  if (kind === 'lodging' || kind === 'restaurant' || kind === 'event' || kind === 'tour') {
    if (start.name) return start.name.slice(0, 120);
  }
  if (code) return `${KIND_WORDS[kind]} ${code}`.slice(0, 120);
  if (from && to && from !== to) return `${KIND_WORDS[kind]} ${from} → ${to}`.slice(0, 120);
  if (from) return `${KIND_WORDS[kind]} · ${from}`.slice(0, 120);
  return KIND_WORDS[kind];
}

/** A booking as an edit finds it (decision 035): each field merges on its own, a start or end as one. */
export function tripBookingRecord(row: TripBookingRow): EditedRecord<BookingValues> {
  const view = tripBookingView(row, []);
  return {
    tripId: row.tripId,
    kind: 'booking',
    id: row.id,
    version: row.version,
    label: labelOf(row.title),
    values: {
      kind: row.kind,
      title: row.title,
      provider: row.provider,
      confirmationCode: row.confirmationCode,
      carrier: row.carrier,
      number: row.number,
      seat: row.seat,
      partySize: row.partySize,
      travellers: row.travellers.join(','),
      cost: view.cost ? `${view.cost.amount} ${view.cost.currency}` : null,
      notes: row.notes,
      hiddenFromShare: row.hiddenFromShare,
      start: endText(endOf(row, 'start')) ?? '',
      end: endText(endOf(row, 'end')),
    },
  };
}

/** What the other members are told of a booking added, moved or removed (trip.booking). */
async function notice(
  tx: Db,
  trip: TripRow,
  userId: string,
  booking: TripBookingRow,
  action: 'added' | 'changed' | 'removed',
): Promise<AppEvent[]> {
  return [
    {
      type: 'trip.booking',
      tripId: trip.id,
      tripName: trip.tripName,
      byUserId: userId,
      memberIds: await memberIdsOf(tx, trip.id),
      action,
      kind: booking.kind,
      title: booking.title,
    },
  ];
}

/** The cost's columns: minor units and currency, or none. */
function costColumns(
  cost: { amount: string; currency: string } | null,
): Pick<TripBookingPatch, 'costMinor' | 'costCurrency'> {
  if (!cost) return { costMinor: null, costCurrency: null };
  const minor = toMinorUnits(cost.amount, cost.currency);
  if (minor === null || minor <= 0)
    throw badRequest(`The cost does not fit ${cost.currency}: check its decimals.`, 'cost.amount');
  return { costMinor: minor, costCurrency: cost.currency };
}

/**
 * The trip's bookings: flights, trains, the hotel, the rental car, tickets. Every role reads them
 * (viewers included); those who edit the trip add bookings and change or remove those they added;
 * an admin changes and removes any, and alone hides one from the public share page. Times are
 * local to where they happen (booking-ends.ts). Each change is recorded in the trip's history and
 * announced live to every member (trip frame, change 'bookings').
 */
export function createTripBookingsService(ctx: TripContext) {
  const { db } = ctx;

  async function bookingOf(tx: Db, tripId: string, bookingId: string): Promise<TripBookingRow> {
    const booking = isUuid(bookingId) ? await findTripBooking(tx, tripId, bookingId) : undefined;
    if (!booking) throw notFound(NO_BOOKING);
    return booking;
  }

  /** Travellers are members of the trip: 400 naming the first one who is not. */
  async function assertTravellers(tx: Db, tripId: string, travellers: readonly string[]): Promise<string[]> {
    const wanted = [...new Set(travellers.map((id) => id.toLowerCase()))];
    if (wanted.length === 0) return wanted;
    const members = new Set((await memberIdsOf(tx, tripId)).map((id) => id.toLowerCase()));
    const stranger = wanted.find((id) => !members.has(id));
    if (stranger)
      throw badRequest(`A traveller is not a member of this trip: ${stranger.slice(0, 40)}.`, 'travellers');
    return wanted;
  }

  return {
    async list(userId: string, tripId: string): Promise<TripBooking[]> {
      const { rows } = await readWith(tripId, 'trip.read', () => findTripWithBookings(db, tripId, userId));
      return rows.map(({ booking, files }) => tripBookingView(booking, files));
    },

    /** The caller's bookings across their trips (the header's flights, stays, car rentals). */
    async mine(userId: string, query: MyBookingsQuery): Promise<MyBooking[]> {
      const kinds = query.kind === undefined ? [] : Array.isArray(query.kind) ? query.kind : [query.kind];
      const since = query.upcoming === 'true' ? new Date(ctx.now().getTime() - 86_400_000) : null;
      const rows = await findBookingsOfMember(db, userId, kinds, since, MY_BOOKINGS_MAX);
      return rows.map(({ booking, files, tripName }) => ({
        trip: { _id: booking.tripId, tripName },
        booking: tripBookingView(booking, files),
      }));
    },

    /** The bookings a mail or file holds, to confirm: nothing is written. */
    async read(userId: string, tripId: string, body: BookingImportInput): Promise<BookingImportResult> {
      await readAccess(db, userId, tripId, 'bookings.add');
      return readBookingFile(body);
    },

    async add(userId: string, tripId: string, body: CreateTripBookingInput): Promise<TripBooking> {
      // The role first (a read-only role learns nothing of its input), then the input, then the write.
      const { role } = await readAccess(db, userId, tripId, 'bookings.add');
      if (body.hiddenFromShare && !can(role, 'bookings.edit-any')) throw forbidden(HIDE_REFUSED);
      const start = endColumns(body.start, 'start', body.kind);
      const end = body.end ? endColumns(body.end, 'end', body.kind, start.zone) : null;
      assertInOrder(body.kind, start, end);
      const cost = costColumns(body.cost ?? null);
      const done = await ctx.changeTrip(userId, 'bookings', async (tx) => {
        const { trip } = await writeAccess(tx, userId, tripId, 'bookings.add');
        if ((await countTripBookings(tx, trip.id)) >= TRIP_BOOKINGS_MAX) {
          throw badRequest(`A trip has at most ${TRIP_BOOKINGS_MAX} bookings.`);
        }
        const travellers = await assertTravellers(tx, trip.id, body.travellers ?? []);
        const carrier = body.carrier ?? '';
        const number = body.number ?? '';
        const booking = await insertTripBooking(tx, {
          ...(body._id ? { id: body._id } : {}),
          tripId: trip.id,
          kind: body.kind,
          title: body.title?.trim() || defaultTitle(body.kind, carrier, number, start, end),
          provider: body.provider ?? '',
          confirmationCode: body.confirmationCode ?? '',
          carrier,
          number,
          seat: body.seat ?? '',
          partySize: body.partySize ?? null,
          travellers,
          ...cost,
          notes: body.notes ?? '',
          hiddenFromShare: body.hiddenFromShare ?? false,
          ...endRow('start', start),
          ...endRow('end', end),
          createdBy: userId,
        });
        if (!booking) throw conflict('A booking with this id already exists.');
        await recordArrival(tx, userId, tripBookingRecord(booking), 'added');
        const told = await notice(tx, trip, userId, booking, 'added');
        return { tripId: trip.id, value: { view: tripBookingView(booking, []), told } };
      });
      await ctx.emit(...done.told);
      return done.view;
    },

    async update(
      userId: string,
      tripId: string,
      bookingId: string,
      body: UpdateTripBookingInput,
    ): Promise<TripBooking> {
      const { role } = await readAccess(db, userId, tripId, 'bookings.add');
      if (body.hiddenFromShare !== undefined && !can(role, 'bookings.edit-any'))
        throw forbidden(HIDE_REFUSED);
      const done = await ctx.changeTrip(userId, 'bookings', async (tx) => {
        const { trip, role: current } = await writeAccess(tx, userId, tripId, 'bookings.add');
        const booking = await bookingOf(tx, trip.id, bookingId);
        if (booking.createdBy !== userId && !can(current, 'bookings.edit-any')) {
          throw forbidden('Only an admin of the trip or the person who added this booking can change it.');
        }
        const kind = body.kind ?? booking.kind;
        const start = body.start
          ? endColumns(body.start, 'start', kind)
          : (endOf(booking, 'start') as EndColumns);
        const end =
          body.end === undefined
            ? endOf(booking, 'end')
            : body.end === null
              ? null
              : endColumns(body.end, 'end', kind, start.zone);
        assertInOrder(kind, start, end);
        const travellers = body.travellers ? await assertTravellers(tx, trip.id, body.travellers) : undefined;
        const cost = body.cost === undefined ? undefined : costColumns(body.cost);
        const record = tripBookingRecord(booking);
        const changes: Partial<BookingValues> = {
          kind: body.kind,
          title: body.title,
          provider: body.provider,
          confirmationCode: body.confirmationCode,
          carrier: body.carrier,
          number: body.number,
          seat: body.seat,
          partySize: body.partySize,
          travellers: travellers?.join(','),
          cost:
            body.cost === undefined
              ? undefined
              : body.cost
                ? `${body.cost.amount} ${body.cost.currency}`
                : null,
          notes: body.notes,
          hiddenFromShare: body.hiddenFromShare,
          start: body.start ? (endText(start) ?? '') : undefined,
          end: body.end === undefined ? undefined : endText(end),
        };
        const applied = await mergeEdit(tx, record, changes, body.version, userId);
        const files = await findBookingFiles(tx, booking.id);
        if (Object.keys(applied).length === 0)
          return { tripId: trip.id, value: { view: tripBookingView(booking, files), told: [] } };
        const { start: startChanged, end: endChanged, travellers: t, cost: c, ...plain } = applied;
        const patch: TripBookingPatch = {
          ...plain,
          ...(t !== undefined && travellers ? { travellers } : {}),
          ...(c !== undefined && cost ? cost : {}),
          ...(startChanged !== undefined ? endRow('start', start) : {}),
          ...(endChanged !== undefined ? endRow('end', end) : {}),
        };
        const updated = (await updateTripBooking(tx, booking.id, patch)) ?? booking;
        await recordEdit(tx, userId, record, applied);
        // The others hear of new times, not of every correction of a detail.
        const moved = startChanged !== undefined || endChanged !== undefined;
        const told = moved ? await notice(tx, trip, userId, updated, 'changed') : [];
        return { tripId: trip.id, value: { view: tripBookingView(updated, files), told } };
      });
      await ctx.emit(...done.told);
      return done.view;
    },

    async remove(userId: string, tripId: string, bookingId: string): Promise<void> {
      const { told, keys } = await ctx.changeTrip(userId, 'bookings', async (tx) => {
        const { trip, role } = await writeAccess(tx, userId, tripId, 'bookings.add');
        const booking = await bookingOf(tx, trip.id, bookingId);
        if (booking.createdBy !== userId && !can(role, 'bookings.edit-any')) {
          throw forbidden('Only an admin of the trip or the person who added this booking can remove it.');
        }
        const keys = await bookingFileKeys(tx, [booking.id]);
        await deleteTripBooking(tx, booking.id);
        await recordArrival(tx, userId, tripBookingRecord(booking), 'removed');
        return { tripId: trip.id, value: { told: await notice(tx, trip, userId, booking, 'removed'), keys } };
      });
      // Its files went with it (the rows cascade): their bytes go once that has committed.
      await removeBookingFiles(ctx.storage, keys);
      await ctx.emit(...told);
    },
  };
}

export type TripBookingsService = ReturnType<typeof createTripBookingsService>;
