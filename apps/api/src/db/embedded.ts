import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';

/**
 * Memory of the embedded engine (PGlite), docs/decisions/028.
 *
 * PostgreSQL zeroes its whole buffer pool at start, inside the WebAssembly memory of the server
 * process, so `shared_buffers` is resident from boot on. PGlite's default (128 MB) is sized for a
 * database server; a small Tripcrew's data fits in a fraction of it, and a page that is not in the
 * pool is read from the data directory through the operating system's page cache. The other
 * buffers are sized for one connection (PGlite runs a single session).
 */
export const EMBEDDED_MEMORY_SETTINGS: Readonly<Record<string, string>> = {
  shared_buffers: '32MB',
  wal_buffers: '1MB',
  temp_buffers: '2MB',
  work_mem: '4MB',
  maintenance_work_mem: '16MB',
};

/** PGlite's own start parameters followed by the memory settings above. */
export function embeddedStartParams(): string[] {
  const settings = Object.entries(EMBEDDED_MEMORY_SETTINGS).flatMap(([name, value]) => [
    '-c',
    `${name}=${value}`,
  ]);
  return [...PGlite.defaultStartParams, ...settings];
}

/** The creation options every embedded database gets (on disk, in memory, from a snapshot). */
export function embeddedOptions(): Pick<PGliteOptions, 'startParams'> {
  return { startParams: embeddedStartParams() };
}

/** How long creating a new data directory may take before the boot fails (a loaded 2-core machine needs about 35 s). */
export const EMBEDDED_INIT_TIMEOUT_MS = 180_000;

/**
 * The script of the short-lived process that creates a data directory: PGlite runs initdb in a
 * second WebAssembly instance of its own, whose memory would otherwise stay in the server
 * process until a later garbage collection (hundreds of MB after the first boot). Arguments:
 * PGlite's module URL, the directory, the start parameters as JSON.
 */
const INIT_SCRIPT = `
const [moduleUrl, dataDir, startParams] = process.argv.slice(1);
const { PGlite } = await import(moduleUrl);
const db = await PGlite.create(dataDir, { startParams: JSON.parse(startParams) });
await db.close();
`;

/**
 * Creates the embedded database in `dataDir` when it holds none yet, in a process of its own
 * bounded by `timeoutMs`; an existing database is left as it is. Rejects with the child's
 * last output when it fails or runs out of time.
 */
export async function initEmbeddedDataDir(
  dataDir: string,
  timeoutMs: number = EMBEDDED_INIT_TIMEOUT_MS,
): Promise<void> {
  if (existsSync(join(dataDir, 'PG_VERSION'))) return;
  const moduleUrl = import.meta.resolve('@electric-sql/pglite');
  const args = [
    '--input-type=module',
    '-e',
    INIT_SCRIPT,
    moduleUrl,
    dataDir,
    JSON.stringify(embeddedStartParams()),
  ];
  await new Promise<void>((resolve, reject) => {
    execFile(
      process.execPath,
      args,
      { timeout: timeoutMs, killSignal: 'SIGKILL', maxBuffer: 4 * 1024 * 1024 },
      (error, _stdout, stderr) => {
        if (!error) return resolve();
        const reason = error.killed ? `did not finish within ${timeoutMs} ms` : error.message.split('\n')[0];
        reject(new Error(`creating the embedded database ${reason}: ${stderr.trim().slice(-500)}`));
      },
    );
  });
}

/**
 * One full garbage collection, for a server on the embedded engine once its boot work is done
 * (migrations and the seed; the world's places): that work leaves 50 to 100 MB of garbage in V8's
 * heap, resident until a later full collection happens to run, which on an idle small server may
 * be hours away (decision 028). V8 offers no collection to call without `--expose-gc`, which takes
 * effect for contexts created after it is set: the function is taken from a new context and the
 * flag is turned off again, so no other code sees a `gc` global.
 */
export function collectBootGarbage(): void {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  setFlagsFromString('--no-expose-gc');
  gc();
}
