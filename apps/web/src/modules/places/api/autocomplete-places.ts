import type { Place } from '@tripcrew/contracts/places';
import { apiGet } from '../../../lib/api-client.ts';

export type { Place };

/** SPEC §5: the place search needs at least 3 characters after trimming. */
export const AUTOCOMPLETE_MIN_LENGTH = 3;
/** SPEC §9: the search fires 500 ms after typing stops. */
export const AUTOCOMPLETE_DEBOUNCE_MS = 500;

export function autocompletePath(text: string): string {
  return `/core/places/autocomplete?q=${encodeURIComponent(text.trim())}`;
}

/** The answer's contract, loaded on first use: the header search is in the first download. */
const autocompleteSchema = () =>
  import('@tripcrew/contracts/places').then((module) => module.autocompleteResponseSchema);

/**
 * GET /core/places/autocomplete?q= with the trimmed, URL-encoded text (no call below 3 characters),
 * validated by its contract.
 */
export function autocompletePlaces(text: string, signal?: AbortSignal): Promise<Place[]> {
  if (text.trim().length < AUTOCOMPLETE_MIN_LENGTH) return Promise.resolve([]);
  return apiGet(autocompletePath(text), autocompleteSchema(), { signal });
}
