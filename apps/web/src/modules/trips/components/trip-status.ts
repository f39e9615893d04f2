import {
  addDays,
  type DateInput,
  parseDate,
  type TripDateLabel,
  tripDateStatus,
} from '../../../lib/dates.ts';

export type { TripDateLabel };

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The trip status label (SPEC §4, TRIP-16) for a trip whose dates are calendar days: the end day
 * is included, so a trip is 'current' until the end of its last day and 'past' only after it.
 * 'soon' when the start is less than a day away, 'in N days' for fewer than 7 days, 'upcoming'
 * otherwise. null without a start date.
 */
export function tripStatusLabel(
  startDate: string | null | undefined,
  endDate: string | null | undefined,
  now: DateInput = new Date(),
): TripDateLabel | null {
  let end: Date | null = parseDate(endDate);
  if (end && typeof endDate === 'string' && DATE_ONLY.test(endDate.trim())) {
    end = new Date(addDays(end, 1).getTime() - 1);
  }
  return tripDateStatus(startDate, end, now);
}
