import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig, type Config } from './config.ts';

function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

// The configuration is checked before the rest of the server is even loaded, so a typo in the
// environment is reported at once.
const config = configOrExit();
const [
  { buildApp },
  { openDatabase },
  { runMigrations },
  { runSeeds, seedWorldPlaces },
  { probeLocalStorage },
] = await Promise.all([
  import('./app.ts'),
  import('./db/client.ts'),
  import('./db/migrate.ts'),
  import('./db/seed/index.ts'),
  import('./platform/storage.ts'),
]);
const defaultDist = fileURLToPath(new URL('../../web/dist', import.meta.url));
const webDist = config.webDist ?? (existsSync(defaultDist) ? defaultDist : undefined);

/** A boot failure outside the app's logger: one readable line on stderr, exit 1. */
function failBoot(what: string, error: unknown): never {
  process.stderr.write(`${what}: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}

const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: config.dataDir,
  poolSize: config.databasePoolSize,
}).catch((error: unknown) => failBoot(`Cannot open the database in ${config.dataDir}`, error));
const app = await buildApp({ config: { ...config, webDist }, database });
try {
  await runMigrations(database);
  // Curated places before listening (seconds); the rest of the world after (see below).
  await runSeeds(database, { demo: config.seedDemo, places: 'curated', log: app.log });
  database.releaseBootMemory?.();
} catch (error) {
  app.log.fatal({ err: error }, 'database setup failed');
  await database.close().catch(() => undefined);
  process.exit(1);
}
app.addHook('onClose', async () => {
  await database.close();
});

// An unusable upload folder does not stop the server (everything else works): one clear line now,
// and every upload answers a 503 naming the problem until it is fixed.
// (With S3_* set, uploads go to the object store instead and there is no folder to check.)
const uploadsDir = join(config.dataDir, 'uploads');
const uploadsProblem = config.s3 ? undefined : await probeLocalStorage(uploadsDir);
if (uploadsProblem) {
  app.log.warn(
    { uploadsDir, code: uploadsProblem },
    `uploads folder ${uploadsDir} is not writable (${uploadsProblem}): uploads will fail until it is fixed`,
  );
}

// The world's places are seeded in the background once the server listens (see the end).
const worldSeed = new AbortController();
let worldSeeding: Promise<void> = Promise.resolve();

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down: no new connections, finishing in-flight requests');
  const timer = setTimeout(() => {
    app.log.error('shutdown timed out; exiting');
    process.exit(1);
  }, config.shutdownTimeoutMs);
  timer.unref();
  // Node closes the connections that are idle when close() starts; a keep-alive connection whose
  // in-flight response ends later would otherwise stay open until its client hangs up (a browser
  // keeps it for minutes) and the shutdown would time out. Reap those as they turn idle.
  const reaper = setInterval(() => app.server.closeIdleConnections(), 200);
  // Stop the background seed between two batches before the database closes.
  worldSeed.abort();
  reaper.unref();
  try {
    await app.close();
    await worldSeeding;
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

try {
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  // e.g. EADDRINUSE: say which address, then release the database cleanly.
  app.log.fatal({ err: error }, `cannot listen on ${config.host}:${config.port}`);
  await app.close().catch(() => undefined);
  process.exit(1);
}
app.log.info(`Tripcrew is up at ${config.appUrl}${webDist ? '' : ' (API only: the web app is not built)'}`);
if (config.seedPlaces === 'full') {
  worldSeeding = seedWorldPlaces(database, app.log, worldSeed.signal).then(() => {
    if (!closing) database.releaseBootMemory?.();
  });
}
