import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import { runMigrations } from './db/migrate.ts';
import { runSeeds } from './db/seed/index.ts';

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

const config = configOrExit();
const defaultDist = fileURLToPath(new URL('../../web/dist', import.meta.url));
const webDist = config.webDist ?? (existsSync(defaultDist) ? defaultDist : undefined);

const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: config.dataDir,
  poolSize: config.databasePoolSize,
});
const app = await buildApp({ config: { ...config, webDist }, database });
try {
  await runMigrations(database);
  await runSeeds(database, { demo: config.seedDemo, log: app.log });
} catch (error) {
  app.log.fatal({ err: error }, 'database setup failed');
  await database.close().catch(() => undefined);
  process.exit(1);
}
app.addHook('onClose', async () => {
  await database.close();
});

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
  try {
    await app.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.port, host: config.host });
app.log.info(`Tripcrew is up at ${config.appUrl}${webDist ? '' : ' (API only: the web app is not built)'}`);
