import type { FastifyBaseLogger } from 'fastify';
import { seedVocabulary } from '../../modules/vocabulary/vocabulary.service.ts';
import type { Database } from '../client.ts';
import { seedDemoUsers } from './demo-users.ts';

export interface SeedOptions {
  demo: boolean;
  log?: Pick<FastifyBaseLogger, 'info'>;
}

/**
 * Reference data is upserted on every boot (idempotent); demo data (SEED_DEMO) only fills an
 * empty database. Modules add their seeders here as they land.
 */
export async function runSeeds(database: Database, options: SeedOptions): Promise<void> {
  const started = performance.now();
  await seedVocabulary(database.db);
  if (options.demo) await seedDemoUsers(database.db);
  options.log?.info({ ms: Math.round(performance.now() - started), demo: options.demo }, 'seed complete');
}
