import { queryOptions, useQuery } from '@tanstack/react-query';
import { type BookingKind, type MyBooking, myBookingListSchema } from '@tripcrew/contracts/trip-bookings';
import { api } from '../../../lib/api-client.ts';
import { tripKeys } from './trip-keys.ts';

export type { BookingKind, MyBooking };

export const MY_BOOKINGS_PATH = '/core/bookings';

export interface MyBookingsOptions {
  /** Only those that have not ended (or, without an end, started) more than a day ago. */
  upcoming: boolean;
  /** False: no request (a visitor, or the past ones while they stay folded). */
  enabled?: boolean;
}

/** The kinds in one order, so ['lodging', 'flight'] and ['flight', 'lodging'] share a cache entry. */
const sortedKinds = (kinds: readonly BookingKind[]): BookingKind[] => [...new Set(kinds)].sort();

/**
 * The key of the caller's bookings of some kinds. Under tripKeys.all: a live 'trip' frame (a
 * booking added, changed or removed in any trip) and a new trip refetch it. Kept here rather than
 * in trip-keys.ts: that file is in the first download, whose budget is full.
 */
export const myBookingsKey = (kinds: readonly BookingKind[], upcoming: boolean) =>
  [...tripKeys.all, 'my-bookings', sortedKinds(kinds).join(','), upcoming ? 'upcoming' : 'all'] as const;

function parseList(data: unknown): MyBooking[] {
  const parsed = myBookingListSchema.safeParse(data);
  if (!parsed.success) throw new Error('Unexpected bookings data');
  return parsed.data;
}

/**
 * GET /core/bookings?kind=flight&upcoming=true: the caller's bookings of those kinds across the
 * trips they are a member of, soonest first, each with its trip's id and name.
 */
export async function getMyBookings(
  kinds: readonly BookingKind[],
  upcoming: boolean,
  signal?: AbortSignal,
): Promise<MyBooking[]> {
  const query = { kind: sortedKinds(kinds), upcoming: upcoming ? 'true' : undefined };
  return parseList(await api.get<unknown>(MY_BOOKINGS_PATH, { query, signal }));
}

export const myBookingsQueryOptions = (kinds: readonly BookingKind[], upcoming: boolean) =>
  queryOptions({
    queryKey: myBookingsKey(kinds, upcoming),
    queryFn: ({ signal }) => getMyBookings(kinds, upcoming, signal),
  });

/** The header's flights, stays and car rentals: the caller's bookings of `kinds`. */
export function useMyBookings(
  kinds: readonly BookingKind[],
  { upcoming, enabled = true }: MyBookingsOptions,
) {
  return useQuery({ ...myBookingsQueryOptions(kinds, upcoming), enabled });
}
