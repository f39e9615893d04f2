import { DAY_START_DEFAULT } from '@tripcrew/contracts/day-timeline';
import {
  suggestionsResponseSchema,
  type Suggestion,
  type SuggestionPlan,
} from '@tripcrew/contracts/suggestions';
import { isUuid } from '@tripcrew/contracts/common';
import { notFound } from '../../platform/errors.ts';
import { featureIdsByKeys, findFeatureRows, toFeature } from '../features/index.ts';
import { sketchDayTimes } from '../trips/index.ts';
import { suggestionPlans } from './suggestion-plans.data.ts';
import type { StoredPlan } from './suggestions.table.ts';
import type { Db } from '../../db/client.ts';
import { cachedJson, type CatalogueCache } from '../../platform/catalogue-cache.ts';
import { artworkUrl, findPlaceByTitle, findPlaceRows } from '../places/index.ts';
import { suggestionSeeds } from './suggestions.data.ts';
import {
  findSuggestion,
  listSuggestions,
  replaceSuggestions,
  type SuggestionInput,
  type SuggestionRow,
} from './suggestions.repository.ts';

/** A reference Monday: a plan's times do not depend on the date (its warnings would). */
const SKETCH_DATE = '2027-04-12';

type PlaceRow = Awaited<ReturnType<typeof findPlaceRows>>[number];

function suggestionView(s: SuggestionRow, place: PlaceRow): Suggestion {
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
}

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
          return place ? [suggestionView(s, place)] : [];
        });
      }),

    /** A suggestion's ready-made plan, each day timed as the planner would time it; 404 without one. */
    async plan(id: string): Promise<SuggestionPlan> {
      const row = isUuid(id) ? await findSuggestion(db, id) : undefined;
      const [place] = row?.plan ? await findPlaceRows(db, [row.placeId]) : [];
      if (!row?.plan || !place) throw notFound('No plan for this suggestion');
      const plan = row.plan;
      const features = new Map(
        (
          await findFeatureRows(
            db,
            plan.days.flatMap((day) => day.featureIds),
          )
        ).map((f) => [f.id, toFeature(f)]),
      );
      return {
        suggestion: suggestionView(row, place),
        transport: plan.transport,
        startDays: plan.startDays,
        days: plan.days.map((day) => {
          const stops = day.featureIds.flatMap((fid) => {
            const feature = features.get(fid);
            return feature?.coordinates ? [feature] : [];
          });
          const times = sketchDayTimes(
            SKETCH_DATE,
            day.start,
            stops.map((f) => ({
              id: f._id,
              point: f.coordinates as { lat: number; lng: number },
              visitMinutes: f.facts?.durationMinutes ?? null,
              hours: f.facts?.hours ?? null,
              timeZone: f.timeZone ?? null,
            })),
            plan.transport,
            place.type,
          );
          return {
            title: day.title,
            start: day.start,
            stops: stops.map((feature, i) => ({
              feature,
              arrive: times[i]?.arrive ?? day.start,
              leave: times[i]?.leave ?? day.start,
            })),
          };
        }),
      };
    },
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
      plan: await storedPlan(db, s.key),
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

/** A suggestion's plan with its features' ids; throws when the plan names a feature not seeded. */
async function storedPlan(db: Db, key: string): Promise<StoredPlan | null> {
  const seed = suggestionPlans[key];
  if (!seed) return null;
  const keys = seed.days.flatMap((day) => day.stops);
  const ids = await featureIdsByKeys(db, keys);
  const missing = keys.filter((k) => !ids.has(k));
  if (missing.length > 0)
    throw new Error(`Suggestion ${key}: its plan names unknown features ${missing.join(', ')}`);
  return {
    transport: seed.transport,
    startDays: seed.startDays,
    days: seed.days.map((day) => ({
      title: day.title,
      start: day.start ?? DAY_START_DEFAULT,
      featureIds: day.stops.map((k) => ids.get(k) as string),
    })),
  };
}
