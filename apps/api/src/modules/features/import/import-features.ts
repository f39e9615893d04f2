import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../../../config.ts';
import type { Database } from '../../../db/client.ts';
import { featureRows, ImportFileError, parseGeoJson } from './features-import-rows.ts';
import type { ImportProgress } from './features-import.ts';

/**
 * npm run import:features -- <file.geojson> --place <place id or title>
 * Exit 0 when the file was processed (rejected rows included), 1 on a bad file, an unknown place or
 * a database failure, with one clear line on stderr. The work is importFeatures() (features-import.ts).
 * The database and the catalogue are loaded only once the arguments and the file are known good, so
 * a mistyped command answers at once.
 */

const USAGE = 'Usage: npm run import:features -- <file.geojson> --place <place id or title>';

function fail(message: string): never {
  process.stderr.write(`import:features: ${message}\n`);
  process.exit(1);
}

/** A text progress bar on stderr: redrawn in place on a terminal, one final line otherwise. */
function progressBar(stream: NodeJS.WriteStream) {
  const width = 30;
  let last = '';
  const render = ({ done, total }: ImportProgress) => {
    const ratio = total === 0 ? 1 : done / total;
    const filled = Math.round(ratio * width);
    return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${done}/${total} rows ${Math.round(ratio * 100)}%`;
  };
  let final: ImportProgress = { done: 0, total: 0 };
  return {
    update(progress: ImportProgress) {
      final = progress;
      if (!stream.isTTY) return;
      const line = render(progress);
      if (line === last) return;
      last = line;
      stream.write(`\r${line}`);
    },
    finish() {
      stream.write(stream.isTTY ? `\r${render(final)}\n` : `${render(final)}\n`);
    },
  };
}

let args: { file: string; place: string };
try {
  const { values, positionals } = parseArgs({
    args: process.argv.slice(2),
    options: { place: { type: 'string', short: 'p' } },
    allowPositionals: true,
  });
  if (positionals.length !== 1 || !values.place) fail(USAGE);
  args = { file: positionals[0]!, place: values.place };
} catch (error) {
  fail(`${error instanceof Error ? error.message : String(error)}. ${USAGE}`);
}

let text: string;
try {
  text = readFileSync(resolve(args.file), 'utf8');
} catch (error) {
  fail(`cannot read ${args.file} (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
}
let geojson: unknown;
try {
  geojson = parseGeoJson(text);
  featureRows(geojson);
} catch (error) {
  fail(`${args.file} is ${error instanceof Error ? error.message : String(error)}`);
}

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  fail(error instanceof ConfigError ? error.message : String(error));
}

const [
  { openDatabase },
  { runMigrations },
  { runSeeds },
  { createCatalogueCache, createPlacesService },
  { findImportPlace, formatReport, importFeatures },
] = await Promise.all([
  import('../../../db/client.ts'),
  import('../../../db/migrate.ts'),
  import('../../../db/seed/index.ts'),
  import('../../places/index.ts'),
  import('./features-import.ts'),
]);

let database: Database | undefined;
let exitCode = 0;
try {
  database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.dataDir, poolSize: 2 });
  await runMigrations(database);
  const places = createPlacesService({ db: database.db, cache: createCatalogueCache(database.db) });
  let place = await findImportPlace(places, args.place);
  if (!place) {
    // A fresh database: load the curated places (as the server does on its first start), then retry.
    await runSeeds(database, { demo: false, places: 'curated' });
    place = await findImportPlace(places, args.place);
  }
  if (!place) {
    exitCode = 1;
    process.stderr.write(
      `import:features: no place "${args.place}" is known (give a place id or a title such as "Lisbon" or "Lisbon, Portugal")\n`,
    );
  } else {
    const bar = progressBar(process.stderr);
    const report = await importFeatures(database.db, geojson, place, { onProgress: bar.update });
    bar.finish();
    process.stdout.write(`${formatReport(report).join('\n')}\n`);
  }
} catch (error) {
  exitCode = 1;
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(
    `import:features: ${error instanceof ImportFileError ? `${args.file} is ${message}` : `import failed: ${message}`}\n`,
  );
} finally {
  await database?.close().catch(() => undefined);
}
process.exit(exitCode);
