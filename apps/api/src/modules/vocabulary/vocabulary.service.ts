import {
  aboutSectionSchema,
  aboutUsSchema,
  travelChecklistSchema,
  type AboutUs,
  type TravelChecklist,
} from '@tripcrew/contracts/vocabulary';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import { aboutUs, travelChecklist } from './vocabulary.data.ts';
import { findVocabulary, upsertVocabulary } from './vocabulary.repository.ts';

const storedAboutUsSchema = z.object({ sections: z.array(aboutSectionSchema.extend({ key: z.string() })) });

export const VOCABULARY_KEYS = { travelChecklist: 'travel-checklist', aboutUs: 'about-us' } as const;

export function createVocabularyService(db: Db) {
  async function load<T>(key: string, parse: (value: unknown) => T): Promise<T> {
    const value = await findVocabulary(db, key);
    if (value === undefined) throw notFound(`The vocabulary "${key}" does not exist.`);
    return parse(value);
  }
  return {
    getTravelChecklist: (): Promise<TravelChecklist> =>
      load(VOCABULARY_KEYS.travelChecklist, (v) => travelChecklistSchema.parse(v)),
    // Stored as an ordered list (jsonb does not keep key order); served as SPEC's map, in that order.
    getAboutUs: (): Promise<AboutUs> =>
      load(VOCABULARY_KEYS.aboutUs, (v) =>
        aboutUsSchema.parse(
          Object.fromEntries(storedAboutUsSchema.parse(v).sections.map(({ key, ...s }) => [key, s])),
        ),
      ),
  };
}
export type VocabularyService = ReturnType<typeof createVocabularyService>;

/** Reference data, seeded (idempotently) on every boot so edits here reach existing databases. */
export async function seedVocabulary(db: Db): Promise<void> {
  await upsertVocabulary(db, [
    { key: VOCABULARY_KEYS.travelChecklist, value: travelChecklist },
    {
      key: VOCABULARY_KEYS.aboutUs,
      value: { sections: Object.entries(aboutUs).map(([key, section]) => ({ key, ...section })) },
    },
  ]);
}
