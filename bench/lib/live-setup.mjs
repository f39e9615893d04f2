/**
 * The start of one setup of the socket benches (`bench:live`, `bench:messaging`): a throwaway
 * database, one API instance or two sharing Redis, an access-token signer and each instance's
 * CSRF token. Loopback only; everything is stopped and dropped by the cleanups.
 */
import { randomBytes } from 'node:crypto';
import { createAccessTokens } from '../../apps/api/src/platform/tokens.ts';
import { createThrowawayDatabase, startApi } from './harness.mjs';
import { csrfOf } from './load-client.mjs';

/**
 * Starts setup `setup` ('one' or 'two' instances) on database `<database>_<pid>_<setup>`.
 * Resolves to { instances, runId, databaseUrl, apis, tokens, csrf }.
 */
export async function startSocketSetup({ cleanups, log, setup, database, adminUrl, redisUrl }) {
  const instances = setup === 'two' ? 2 : 1;
  const runId = randomBytes(4).toString('hex');
  const jwtSecret = randomBytes(32).toString('hex');
  const databaseUrl = await createThrowawayDatabase(
    cleanups,
    adminUrl,
    `${database}_${process.pid}_${setup}`,
  );
  const apiEnv = {
    DATABASE_URL: databaseUrl,
    SEED_PLACES: 'curated',
    JWT_SECRET: jwtSecret,
    ...(instances === 2 ? { REDIS_URL: redisUrl } : {}),
  };
  log(`${setup}: starting ${instances} API instance(s)${instances === 2 ? ' with Redis' : ''}`);
  const apis = [];
  for (let i = 0; i < instances; i += 1) apis.push(await startApi(cleanups, `${setup}#${i + 1}`, apiEnv));
  const csrf = await Promise.all(apis.map((api) => csrfOf(api.base)));
  const tokens = createAccessTokens({ secret: jwtSecret, ttlSeconds: 3600 });
  return { instances, runId, databaseUrl, apis, tokens, csrf };
}

/** Runs `runSetup` for each of `setups` ('one' or 'two'; any other name throws) in turn; resolves to their rows. */
export async function runSetups(setups, runSetup) {
  const rows = [];
  for (const setup of setups) {
    if (setup !== 'one' && setup !== 'two') throw new Error(`unknown setup ${setup} (one or two)`);
    rows.push(await runSetup(setup));
  }
  return rows;
}
