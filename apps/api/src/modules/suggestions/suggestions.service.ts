import { suggestionsResponseSchema, type Suggestion } from '@tripcrew/contracts/suggestions';
import type { Db } from '../../db/client.ts';
import { cachedJson, type CatalogueCache } from '../../platform/catalogue-cache.ts';
import { artworkUrl, findPlaceByTitle, findPlaceRows } from '../places/index.ts';
import { suggestionSeeds } from './suggestions.data.ts';
import { listSuggestions, replaceSuggestions, type SuggestionInput } from './suggestions.repository.ts';

export function createSuggestionsService(deps: { db: Db; cache: CatalogueCache }) {
  const { db, cache } = deps;
  return {
    /** Every suggestion with its place summary, serialized once per catalogue version. */
    all: () =>
      cachedJson(cache, 'suggestions', suggestionsResponseSchema, async (): Promise<Suggestion[]> => {
        const rows = await listSuggestions(db);
        // The places in one query, through the places module (a suggestion without one is left out).
        const placeIds = rows.map((s) => s.placeId);
        const places = new Map((await findPlaceRows(db, placeIds)).map((p) => [p.id, p]));
        return rows.flatMap((s) => {
          const place = places.get(s.placeId);
          if (!place) return [];
          return {
            _id: s.id,
            title: s.title,
            image: place.imageOriginal ?? artworkUrl('place', place.id),
            description: s.description,
            days: s.days,
            icons: s.icons,
            place: {
              _id: place.id,
              title: place.title,
              type: place.type,
              country: place.country,
              region: place.region,
            },
          };
        });
      }),
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
