import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { curatedCatalogueSchema, type PlaceFeatures } from './types.ts';

/**
 * The curated catalogue (DATA-03/04, CATALOGUE-01..03): 60 places with at least 40 features each, in catalogue.json next to
 * this file (the image ships it with apps/api/src). It is data, not code: nothing imports the
 * file; the seeder and the importer read it through loadCuratedCatalogue(), once per process.
 */
export const CURATED_CATALOGUE_FILE = fileURLToPath(new URL('./catalogue.json', import.meta.url));

let catalogue: readonly PlaceFeatures[] | undefined;
let reads = 0;

/** Parses and validates the catalogue's JSON text; throws with every problem listed when it is invalid. */
export function parseCuratedCatalogue(text: string, source = 'catalogue.json'): PlaceFeatures[] {
  let json: unknown;
  try {
    json = JSON.parse(text) as unknown;
  } catch (error) {
    throw new Error(
      `curated catalogue ${source} is not valid JSON (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  const parsed = curatedCatalogueSchema.safeParse(json);
  if (!parsed.success)
    throw new Error(`curated catalogue ${source} is invalid:\n${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/** The curated catalogue, read and validated on first use and kept for the process's lifetime. */
export function loadCuratedCatalogue(): readonly PlaceFeatures[] {
  if (!catalogue) {
    reads++;
    catalogue = parseCuratedCatalogue(readFileSync(CURATED_CATALOGUE_FILE, 'utf8'), CURATED_CATALOGUE_FILE);
  }
  return catalogue;
}

/** How many times this process has read the catalogue file: 0 until a seed needs it, then 1. */
export function curatedCatalogueReads(): number {
  return reads;
}
