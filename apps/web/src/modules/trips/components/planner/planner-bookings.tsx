import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { BookingEnd, TripBooking } from '@tripcrew/contracts/trip-bookings';
import type { RouteDay } from '@tripcrew/contracts/trip-routes';
import type { PlannerItem } from '@tripcrew/contracts/trips';
import { BedDouble, ChevronRight, Clock, House } from 'lucide-react';
import { type ReactNode, useMemo } from 'react';
import { Link, type To, useLocation, useSearchParams } from 'react-router';
import { formatDuration, formatZonedShortDate, formatZonedTime } from '../../../../lib/format/zoned-times.ts';
import { useTripBookings } from '../../api/trip-bookings.ts';
import { useTripRoutes } from '../../api/trip-routes.ts';
import { endWordsOf, isTransport, KIND_ICONS, kindLabel } from '../bookings/booking-kinds.ts';
import {
  arrivalDayShift,
  bookingsOnDay,
  bookingsTabSearch,
  type DayBooking,
  dayShiftText,
  endsOnAnotherDay,
  type HomeLeg,
  homeLegsOf,
  homePlaceOf,
  isTransportHome,
  localDateOf,
  placeAmongItems,
  stayingOn,
} from './planner-bookings.ts';
import { legText } from './route-format.ts';
import { useKeepBookingFilesOffline } from '../../api/trip-booking-files.ts';

/**
 * The trip's bookings on the planner's days: read-only rows among the items (a transport also on
 * its arrival day), and the day's home bases (lodging, or a leg's station or airport).
 */

const NO_BOOKINGS: TripBooking[] = [];

/** A station or an airport as a row says it: its IATA code, else its name. */
const placeShort = (end: BookingEnd | null): string => end?.place?.iata || end?.place?.name || '';

/** How long a journey (or a same-day event) takes; nothing for a stay or a rental. */
function durationOf(booking: TripBooking): string {
  const end = booking.end;
  if (!end || booking.kind === 'lodging' || booking.kind === 'car-rental') return '';
  if (!isTransport(booking.kind) && localDateOf(end) !== localDateOf(booking.start)) return '';
  return formatDuration(booking.start.at, end.at);
}

/** "Arrives the next day" of a "+1". */
function shiftTitle(shift: number): string {
  if (shift > 0) return plural(shift, { one: 'Arrives the next day', other: 'Arrives # days later' });
  const earlier = -shift;
  return plural(earlier, { one: 'Arrives the day before', other: 'Arrives # days earlier' });
}

/** What a row is called: a transport's kind, or the end it shows ("Check-out", "Arrival"). */
function rowLabel({ booking, role }: DayBooking): string {
  const words = endWordsOf(booking.kind);
  if (role === 'arrival') return words.end;
  if (booking.kind === 'lodging') return role === 'check-out' ? words.end : words.start;
  return kindLabel(booking.kind);
}

/** One booking on its day: a link to the Bookings tab, not draggable, not part of the day's order. */
export function PlannerBookingRow({ row, to }: { row: DayBooking; to: To }) {
  const { t } = useLingui();
  const { booking, role } = row;
  const Icon = KIND_ICONS[booking.kind];
  const words = endWordsOf(booking.kind);
  const label = rowLabel(row);
  const title = booking.title || kindLabel(booking.kind);
  const transport = isTransport(booking.kind);
  const from = transport ? placeShort(booking.start) : '';
  const toPlace = transport ? placeShort(booking.end) : '';
  const duration = role === 'start' ? durationOf(booking) : '';
  // A leg reads "LIS → JFK · 7 h 50 +1" on its departure day.
  const shift = role === 'start' ? arrivalDayShift(booking) : 0;
  // Lodging's check-out has a row of its own on its day.
  const later = role === 'start' && booking.kind !== 'lodging' ? endsOnAnotherDay(booking) : null;
  const laterDate = later ? formatZonedShortDate(later.local) : '';
  const laterTime = later ? formatZonedTime(later) : '';
  return (
    <li data-testid="planner-booking" data-booking-id={booking._id} data-role={role} data-kind={booking.kind}>
      <Link
        to={to}
        title={t`Open in Bookings`}
        className="flex min-h-11 items-start gap-2 rounded-2xl border border-dashed border-sky-300 bg-sky-50/80 p-2 text-sm text-slate-900 transition hover:bg-sky-100 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:border-sky-800 dark:bg-sky-950/40 dark:text-slate-100 dark:hover:bg-sky-950"
      >
        <Icon aria-hidden="true" className="mt-1 size-4 shrink-0 text-sky-700 dark:text-sky-300" />
        <span className="flex min-w-0 flex-1 flex-col gap-0.5 py-0.5">
          <span className="font-medium break-words">
            <span data-testid="planner-booking-kind" className="text-sky-800 dark:text-sky-300">
              {label}
            </span>
            {' · '}
            <span data-testid="planner-booking-title">{title}</span>
          </span>
          <span className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-xs text-slate-600 dark:text-slate-300">
            <span data-testid="planner-booking-time" className="inline-flex items-center gap-1">
              <Clock aria-hidden="true" className="size-3" />
              {formatZonedTime(row.end)}
            </span>
            {transport && (from || toPlace) ? (
              <span data-testid="planner-booking-leg" className="break-words">
                <span data-testid="planner-booking-route">
                  {from || '—'} → {toPlace || '—'}
                </span>
                {duration && (
                  <>
                    {' · '}
                    <span data-testid="planner-booking-duration">{duration}</span>
                  </>
                )}
                {shift !== 0 && (
                  <>
                    {' '}
                    <span
                      data-testid="planner-booking-days"
                      title={shiftTitle(shift)}
                      className="font-medium"
                    >
                      {dayShiftText(shift)}
                    </span>
                  </>
                )}
              </span>
            ) : (
              duration && <span data-testid="planner-booking-duration">{duration}</span>
            )}
          </span>
          {later && (
            <span data-testid="planner-booking-later" className="text-xs text-slate-600 dark:text-slate-300">
              {transport ? (
                <Trans>
                  Arrives {laterDate} {laterTime}
                </Trans>
              ) : (
                <>
                  {words.end} {laterDate} {laterTime}
                </>
              )}
            </span>
          )}
        </span>
        <ChevronRight aria-hidden="true" className="mt-1 size-4 shrink-0 text-slate-400" />
      </Link>
    </li>
  );
}

const headerLine = 'flex min-w-0 items-center gap-1.5 px-1 text-xs text-slate-700 dark:text-slate-200';

function HomeLine({
  home,
  mode,
  back,
}: {
  home: HomeLeg;
  mode: RouteDay['mode'] | undefined;
  back: boolean;
}) {
  const name = home.home.name;
  // A station or an airport: "From LIS · Humberto Delgado Airport", "To Santa Apolónia".
  const transport = isTransportHome(home.home);
  const place = homePlaceOf(home.home);
  const Icon = transport ? KIND_ICONS[home.home.kind] : House;
  const leg = home.leg && mode ? legText(home.leg.distanceM, home.leg.durationS, mode) : '';
  let text: ReactNode = <Trans>From {place}</Trans>;
  if (back) text = transport ? <Trans>To {place}</Trans> : <Trans>Back to {name}</Trans>;
  return (
    <p
      data-testid={back ? 'planner-home-end' : 'planner-home-start'}
      data-kind={home.home.kind}
      className={headerLine}
    >
      <Icon aria-hidden="true" className="size-3.5 shrink-0" />
      <span className="min-w-0 break-words">
        {text}
        {leg && <span className="text-slate-500 dark:text-slate-400"> · {leg}</span>}
      </span>
    </p>
  );
}

/** Under a day's title: where the night is spent between check-in and check-out, and home legs. */
export function DayBookingsHeader({
  staying,
  day,
}: {
  staying: readonly TripBooking[];
  day: RouteDay | undefined;
}) {
  const home = homeLegsOf(day);
  if (staying.length === 0 && !home.start && !home.end) return null;
  return (
    <div data-testid="planner-day-bookings" className="flex flex-col gap-0.5">
      {staying.map((booking) => {
        const title = booking.title || kindLabel(booking.kind);
        return (
          <p key={booking._id} data-testid="planner-staying" className={headerLine}>
            <BedDouble aria-hidden="true" className="size-3.5 shrink-0 text-sky-700 dark:text-sky-300" />
            <span className="min-w-0 break-words">
              <Trans>Staying at {title}</Trans>
            </span>
          </p>
        );
      })}
      {home.start && <HomeLine home={home.start} mode={day?.mode} back={false} />}
      {home.end && <HomeLine home={home.end} mode={day?.mode} back />}
    </div>
  );
}

type PlannerDay = { date: string; items: PlannerItem[] };

/** What a day's column gets from the bookings. */
export interface DayBookings {
  /** Rows before an item (then whatever `inner` puts there, the leg that reaches it). */
  renderBefore: (inner?: (item: PlannerItem) => ReactNode) => ((item: PlannerItem) => ReactNode) | undefined;
  /** Rows after the day's last item. */
  after: ReactNode;
  /** Lines under the day's title. */
  header: ReactNode;
}

/**
 * The planner's bookings (BOOKINGS-PLAN-WEB): the trip's bookings query and the day's homes from
 * the routes query (both shared with their other readers). Rows link to the Bookings tab.
 */
export function usePlannerBookings(tripId: string) {
  const query = useTripBookings(tripId);
  // The boarding passes of the coming week open offline (the plan is the trip page's first tab).
  useKeepBookingFilesOffline(tripId, query.data);
  const routes = useTripRoutes(tripId);
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const to: To = { pathname: location.pathname, search: bookingsTabSearch(searchParams) };
  const bookings = query.data ?? NO_BOOKINGS;
  const routeDays = useMemo(
    () => new Map<string, RouteDay>((routes.data?.days ?? []).map((day) => [day.date, day])),
    [routes.data],
  );

  const ofDay = (day: PlannerDay): DayBookings => {
    const rows = bookingsOnDay(bookings, day.date);
    const placement = placeAmongItems(day.items, rows);
    const rowOf = (row: DayBooking) => <PlannerBookingRow key={row.key} row={row} to={to} />;
    return {
      renderBefore: (inner) => {
        if (placement.before.size === 0) return inner;
        return (item) => {
          const before = placement.before.get(item._id);
          const rest = inner?.(item);
          if (!before) return rest;
          return (
            <>
              {before.map(rowOf)}
              {rest}
            </>
          );
        };
      },
      after: placement.after.length > 0 ? <>{placement.after.map(rowOf)}</> : null,
      header: <DayBookingsHeader staying={stayingOn(bookings, day.date)} day={routeDays.get(day.date)} />,
    };
  };
  return { ofDay };
}
