import { tripTokens } from '../core/trip-tokens.repository.ts';
import { calendarFeeds } from '../core/trips.table.ts';

/** SQL of the private calendar feeds: one per trip at most, kept as the hash of its token. */
export const feedTokens = tripTokens(calendarFeeds);
