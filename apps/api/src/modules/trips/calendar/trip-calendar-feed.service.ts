import type { TimelineWarning } from '@tripcrew/contracts/day-timeline';
import { instantOf } from '@tripcrew/contracts/zoned-time';
import type { Db } from '../../../db/client.ts';
import { notFound } from '../../../platform/errors.ts';
import { API_PREFIX } from '../../../platform/openapi.ts';
import { randomToken, sha256 } from '../../../platform/tokens.ts';
import { readAccess, writeAccess } from '../core/trip-access.ts';
import { findTripBookings } from '../bookings/trip-bookings.repository.ts';
import { buildCalendar, type CalendarBooking, type CalendarItem } from './trip-calendar.ts';
import { plannedTimes, type PlannedTime } from '../routes/route-day-times.ts';
import { feedTokens } from './trip-calendar-feed.repository.ts';
import type { TripContext } from '../core/trip-context.ts';
import { plannerItemsOf } from '../core/trip-views.ts';
import { findTrip } from '../core/trips.repository.ts';
import type { TripBookingRow, TripRow } from '../core/trips.table.ts';

/** An iCalendar file: its download name and its text. */
export interface CalendarFile {
  fileName: string;
  body: string;
}

/** The feed as an admin sees it: its URL only in the answer that made it (the token is kept hashed). */
export interface CalendarFeed {
  url: string | null;
  active: boolean;
  createdAt: string | null;
}

const FEED_TOKEN = /^[A-Za-z0-9_-]{20,200}$/;

function fileNameOf(tripName: string): string {
  const base = tripName
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .toLowerCase();
  return `${base || 'trip'}.ics`;
}

/**
 * A booking as a calendar event: its title, where it starts (and, for a journey, where it ends),
 * its provider and carrier's number. Confirmation codes, seats and costs stay in Tripcrew: a feed
 * URL travels further than the trip's members.
 */
function calendarBooking(row: TripBookingRow): CalendarBooking {
  const from = row.startIata ?? row.startName;
  const to = row.endIata ?? row.endName;
  const where =
    from && to && from !== to
      ? `${from} → ${to}`
      : [row.startName, row.startAddress].filter(Boolean).join(', ');
  const description = [row.provider, [row.carrier, row.number].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(' · ');
  return {
    id: row.id,
    summary: row.title,
    start: { local: row.startLocal, zone: row.startZone, at: row.startAt },
    end:
      row.endLocal && row.endZone && row.endAt
        ? { local: row.endLocal, zone: row.endZone, at: row.endAt }
        : null,
    location: where || undefined,
    description: description || undefined,
  };
}

/** A timeline warning in words (English, as the rest of the file). */
function warningWords(warning: TimelineWarning): string {
  switch (warning.kind) {
    case 'closed-day':
      return 'Closed on this day';
    case 'before-opening':
      return `Opens at ${warning.opensAt}, after you arrive`;
    case 'after-closing':
      return 'Closed by the time you arrive';
    case 'closes-during':
      return `Closes at ${warning.closesAt}, before the visit ends`;
    case 'runs-into':
      return `Runs into what is planned at ${warning.fixedAt}`;
    case 'past-midnight':
      return 'The day runs past midnight';
  }
}

function calendarTimes(date: string, { entry, timeZone }: PlannedTime): CalendarItem['times'] {
  let at: Date | null = null;
  if (timeZone) {
    try {
      at = instantOf(`${date}T${entry.arrive}`, timeZone);
    } catch {
      at = null;
    }
  }
  return {
    arrive: entry.arrive,
    leave: entry.leave,
    zone: at ? timeZone : null,
    at,
    warnings: entry.warnings.map(warningWords),
  };
}

/** The trip as an iCalendar file (PLANNER-09) and its private, revocable feed URL. */
export function createTripCalendarFeedService(ctx: TripContext) {
  const { db, appUrl } = ctx;

  async function calendarOf(conn: Db, trip: TripRow): Promise<CalendarFile> {
    const planned: CalendarItem[] = [];
    const rows = await plannerItemsOf(conn, trip.id);
    const times = await plannedTimes(conn, trip, rows);
    // Every item planned on a day (the tray is not in the calendar), in planner order per day.
    for (const { item, feature, place } of rows) {
      if (item.day === null) continue;
      const timed = times.get(item.id);
      planned.push({
        id: item.id,
        date: item.day,
        time: timed?.entry.arrive ?? item.time,
        summary: feature ? feature.title : place ? place.name : (item.text ?? ''),
        location: feature?.address || place?.address || undefined,
        times: timed ? calendarTimes(item.day, timed) : undefined,
      });
    }
    // By day; on a day, the all-day items first (in planner order), then the timed ones by time.
    planned.sort((a, b) => a.date.localeCompare(b.date) || (a.time ?? '').localeCompare(b.time ?? ''));
    const body = buildCalendar(
      { id: trip.id, name: trip.tripName, startDate: trip.startDate, endDate: trip.endDate },
      planned,
      ctx.now(),
      (await findTripBookings(conn, trip.id)).map(calendarBooking),
    );
    return { fileName: fileNameOf(trip.tripName), body };
  }

  function feedUrl(token: string): string {
    return `${appUrl}${API_PREFIX}/core/trips/calendar-feed/${token}.ics`;
  }

  return {
    async calendar(userId: string, tripId: string): Promise<CalendarFile> {
      const { trip } = await readAccess(db, userId, tripId, 'trip.read');
      return calendarOf(db, trip);
    },

    async feed(userId: string, tripId: string): Promise<CalendarFeed> {
      const { trip } = await readAccess(db, userId, tripId, 'calendar-feed.manage');
      const feed = await feedTokens.find(db, trip.id);
      return { url: null, active: feed !== undefined, createdAt: feed?.createdAt.toISOString() ?? null };
    },

    /** Creates the private feed, or rotates its token (the old URL stops working). The URL is shown this once. */
    async rotateFeed(userId: string, tripId: string): Promise<CalendarFeed & { url: string }> {
      return db.transaction(async (tx) => {
        const { trip } = await writeAccess(tx, userId, tripId, 'calendar-feed.manage');
        const token = randomToken();
        const createdAt = await feedTokens.save(tx, trip.id, sha256(token), userId);
        return { url: feedUrl(token), active: true, createdAt: createdAt.toISOString() };
      });
    },

    async revokeFeed(userId: string, tripId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const { trip } = await writeAccess(tx, userId, tripId, 'calendar-feed.manage');
        await feedTokens.delete(tx, trip.id);
      });
    },

    /** The calendar of a private feed token (no sign-in); 404 for unknown or revoked tokens. */
    async feedCalendar(tokenParam: string): Promise<CalendarFile> {
      const token = tokenParam.endsWith('.ics') ? tokenParam.slice(0, -4) : tokenParam;
      const gone = () => notFound('This calendar feed does not exist or was revoked.');
      if (!FEED_TOKEN.test(token)) throw gone();
      const tripId = await feedTokens.findTripId(db, sha256(token));
      const trip = tripId ? await findTrip(db, tripId) : undefined;
      if (!trip) throw gone();
      return calendarOf(db, trip);
    },
  };
}

export type TripCalendarFeedService = ReturnType<typeof createTripCalendarFeedService>;
