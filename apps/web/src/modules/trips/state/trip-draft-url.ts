import { defaultTripDates, isValidDate } from '../../../lib/dates.ts';
import type { TransportMode, TripDraft, TripDraftQuery } from './trip-draft-slice.ts';

/** Query parameter names of the trip draft (SPEC §5). */
export const DRAFT_PARAMS = ['placeId', 'start', 'end', 'crew', 'categories', 'transportMode'] as const;

/** Values of a list parameter given comma-separated and/or repeated, trimmed, without duplicates. */
function readList(params: URLSearchParams, name: string): string[] | undefined {
  if (!params.has(name)) return undefined;
  const values = params
    .getAll(name)
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter((value) => value !== '');
  return [...new Set(values)];
}

function readText(params: URLSearchParams, name: string): string | undefined {
  const value = params.get(name)?.trim();
  return value ? value : undefined;
}

/** 'private' is kept; any other present value becomes 'public' (SPEC §5). Absent → undefined. */
export function transportModeFromQuery(value: string | null): TransportMode | undefined {
  if (value === null) return undefined;
  return value === 'private' ? 'private' : 'public';
}

/**
 * The draft fields found in the URL query, ready for fillFromQuery. start and end are always set:
 * when either is missing (or not a date), start is the next Monday and end seven days after it.
 */
export function draftFromQuery(params: URLSearchParams, now: Date): TripDraftQuery {
  const query: TripDraftQuery = {};
  const placeId = readText(params, 'placeId');
  if (placeId !== undefined) query.placeId = placeId;

  const start = readText(params, 'start');
  const end = readText(params, 'end');
  if (start !== undefined && end !== undefined && isValidDate(start) && isValidDate(end)) {
    query.start = start;
    query.end = end;
  } else {
    const defaults = defaultTripDates(now);
    query.start = defaults.start;
    query.end = defaults.end;
  }

  const crew = readList(params, 'crew');
  if (crew !== undefined) query.crew = crew;
  const categories = readList(params, 'categories');
  if (categories !== undefined) query.categories = categories;
  const transportMode = transportModeFromQuery(params.get('transportMode'));
  if (transportMode !== undefined) query.transportMode = transportMode;
  return query;
}

/** The draft as query parameters: empty fields are left out, lists are comma-separated. */
export function draftToQuery(draft: TripDraft): URLSearchParams {
  const params = new URLSearchParams();
  if (draft.placeId) params.set('placeId', draft.placeId);
  if (draft.start) params.set('start', draft.start);
  if (draft.end) params.set('end', draft.end);
  if (draft.crew.length > 0) params.set('crew', draft.crew.join(','));
  if (draft.categories.length > 0) params.set('categories', draft.categories.join(','));
  params.set('transportMode', draft.transportMode);
  return params;
}

/** `current` with the draft parameters replaced by the draft's, other parameters untouched. */
export function mergeDraftIntoQuery(current: URLSearchParams, draft: TripDraft): URLSearchParams {
  const next = new URLSearchParams();
  current.forEach((value, key) => {
    if (!(DRAFT_PARAMS as readonly string[]).includes(key)) next.append(key, value);
  });
  draftToQuery(draft).forEach((value, key) => next.append(key, value));
  return next;
}

/** Same parameters and values, in any order. */
export function sameQuery(a: URLSearchParams, b: URLSearchParams): boolean {
  const sort = (params: URLSearchParams) =>
    [...params.entries()]
      .map(([key, value]) => `${key}=${value}`)
      .sort()
      .join('&');
  return sort(a) === sort(b);
}
