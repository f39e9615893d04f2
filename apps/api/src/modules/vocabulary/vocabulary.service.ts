import {
  aboutUsSchema,
  travelChecklistSchema,
  type AboutUs,
  type TravelChecklist,
} from '@tripcrew/contracts/vocabulary';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import { aboutUs, travelChecklist } from './vocabulary.data.ts';
import { findVocabulary, upsertVocabulary } from './vocabulary.repository.ts';

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
    getAboutUs: (): Promise<AboutUs> => load(VOCABULARY_KEYS.aboutUs, (v) => aboutUsSchema.parse(v)),
  };
}
export type VocabularyService = ReturnType<typeof createVocabularyService>;

/** Reference data, seeded (idempotently) on every boot so edits here reach existing databases. */
export async function seedVocabulary(db: Db): Promise<void> {
  await upsertVocabulary(db, [
    { key: VOCABULARY_KEYS.travelChecklist, value: travelChecklist },
    { key: VOCABULARY_KEYS.aboutUs, value: aboutUs },
  ]);
}
