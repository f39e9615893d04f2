/** The tabs of the trip page (SPEC §2, plus bookings, members, chat and history) and which one a URL opens. */
export type TripTab =
  'checklist' | 'planner' | 'bookings' | 'features' | 'members' | 'budget' | 'chat' | 'history';

/** SPEC §2: features is the default tab. */
export const DEFAULT_TRIP_TAB: TripTab = 'features';

export const TRIP_TAB_IDS: readonly string[] = [
  'checklist',
  'planner',
  'bookings',
  'features',
  'members',
  'budget',
  'chat',
  'history',
];
const isTripTab = (value: string | null): value is TripTab => value !== null && TRIP_TAB_IDS.includes(value);

/** The tab the page shows: `?tab=` when it names one, else the default. */
export function tabOf(searchParams: URLSearchParams): TripTab {
  const requested = searchParams.get('tab');
  return isTripTab(requested) ? requested : DEFAULT_TRIP_TAB;
}
