import { suggestionsResponseSchema, type Suggestion } from '@tripcrew/contracts/suggestions';
import type { Db } from '../../db/client.ts';
import { cachedJson } from '../places/cached-json.ts';
import type { CatalogueCache } from '../places/catalogue-version.ts';
import { artworkUrl, findPlaceByTitle } from '../places/places.service.ts';
import { suggestionSeeds } from './suggestions.data.ts';
import { listSuggestions, replaceSuggestions, type SuggestionInput } from './suggestions.repository.ts';

export function createSuggestionsService(deps: { db: Db; cache: CatalogueCache }) {
  const { db, cache } = deps;
  return {
    /** Every suggestion with its place summary, serialized once per catalogue version. */
    all: () =>
      cachedJson(cache, 'suggestions', suggestionsResponseSchema, async (): Promise<Suggestion[]> =>
        (await listSuggestions(db)).map((s) => ({
          _id: s.id,
          title: s.title,
          image: s.place.imageOriginal ?? artworkUrl('place', s.place.id),
          description: s.description,
          days: s.days,
          icons: s.icons,
          place: {
            _id: s.place.id,
            title: s.place.title,
            type: s.place.type,
            country: s.place.country,
            region: s.place.region,
          },
        })),
      ),
  };
}
export type SuggestionsService = ReturnType<typeof createSuggestionsService>;

/** Seeds the curated suggestions (after the places and features); true when something changed. */
export async function seedSuggestions(db: Db): Promise<boolean> {
  const rows: SuggestionInput[] = [];
  for (const [position, s] of suggestionSeeds.entries()) {
    const place = await findPlaceByTitle(db, s.placeTitle, s.placeCountryCode);
    if (!place)
      throw new Error(
        `Suggestion ${s.key}: no place "${s.placeTitle}" (${s.placeCountryCode}) in the catalogue`,
      );
    rows.push({
      key: s.key,
      title: s.title,
      description: s.description,
      days: s.days,
      icons: s.icons,
      placeId: place.id,
      position,
    });
  }
  return (await replaceSuggestions(db, rows)) > 0;
}
