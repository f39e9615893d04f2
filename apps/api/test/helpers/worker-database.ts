import pg from 'pg';
import { inject } from 'vitest';
import { databaseUrlBeside } from './database-template.ts';

/**
 * Setup file of the API project. On PostgreSQL, points DATABASE_URL at this worker's copy of the
 * migrated and seeded template (database-template.ts), making it on the worker's first file:
 * `CREATE DATABASE … TEMPLATE …` takes a fraction of a second where migrating and seeding took
 * seconds. The test apps of one worker share it, as they shared DATABASE_URL's database before.
 */
const { postgres } = inject('databaseTemplate');
if (postgres) {
  const name = `${postgres.template.replace(/_tpl$/, '')}_w${process.env.VITEST_POOL_ID ?? '1'}`;
  const client = new pg.Client({ connectionString: postgres.baseUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) {
      await client
        .query(`create database "${name}" template "${postgres.template}"`)
        .catch((error: unknown) => {
          // Another file of the same worker slot made it first.
          if ((error as { code?: string }).code !== '42P04') throw error;
        });
    }
  } finally {
    await client.end();
  }
  process.env.DATABASE_URL = databaseUrlBeside(postgres.baseUrl, name);
  process.env.TEST_DATABASE_TEMPLATED = process.env.DATABASE_URL;
}
