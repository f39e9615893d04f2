import type { FastifyBaseLogger } from 'fastify';
import { seedCategories } from '../../modules/categories/categories.service.ts';
import { curatedCityKeys, seedFeatures } from '../../modules/features/core/features.service.ts';
import {
  bumpCatalogueVersion,
  seedPlaces,
  type SeedPlacesMode,
} from '../../modules/places/core/places.service.ts';
import { seedSuggestions } from '../../modules/suggestions/suggestions.service.ts';
import { seedVocabulary } from '../../modules/vocabulary/vocabulary.service.ts';
import type { Database } from '../client.ts';
import { seedDemoSocial, seedDemoUsers } from './demo-users.ts';

export interface SeedOptions {
  demo: boolean;
  /** The world's places: every city (full; the server passes config.seedPlaces) or only the curated catalogue's (the default here, for tests and tools). */
  places?: SeedPlacesMode;
  log?: Pick<FastifyBaseLogger, 'info'>;
}

/**
 * Reference data is upserted on every boot (idempotent); demo data (SEED_DEMO) only fills an
 * empty database. Modules add their seeders here as they land.
 */
export async function runSeeds(database: Database, options: SeedOptions): Promise<void> {
  const started = performance.now();
  await seedVocabulary(database.db);
  await seedCatalogue(database, options);
  if (options.demo) {
    await seedDemoUsers(database.db);
    await seedDemoSocial(database.db);
  }
  options.log?.info({ ms: Math.round(performance.now() - started), demo: options.demo }, 'seed complete');
}

/**
 * Every city of the world (about 150,000 places; about a minute on first boot, milliseconds once
 * current). The server runs it in the background after it starts listening, in batches, so the
 * app is usable at once with the curated places while the rest of the world fills in.
 */
export async function seedWorldPlaces(
  database: Database,
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
  signal?: AbortSignal,
): Promise<void> {
  try {
    await seedPlaces(database.db, { mode: 'full', curatedCities: curatedCityKeys(), log, signal });
  } catch (error) {
    // Interrupted (shutdown) or failed: the dataset stamp is not written, so the next boot resumes.
    log.warn(
      { err: error instanceof Error ? error.message : String(error) },
      'world places seeding stopped; it resumes at the next start',
    );
  }
}

/** Places (skipped when the dataset is current), categories, curated features, suggestions. */
async function seedCatalogue(database: Database, options: SeedOptions): Promise<void> {
  const db = database.db;
  await seedPlaces(db, {
    mode: options.places ?? 'curated',
    curatedCities: curatedCityKeys(),
    log: options.log,
  });
  const categoriesChanged = await seedCategories(db);
  await seedFeatures(db);
  const suggestionsChanged = await seedSuggestions(db);
  if (categoriesChanged || suggestionsChanged) await bumpCatalogueVersion(db);
}
