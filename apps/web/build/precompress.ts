import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The built files worth compressing ahead: scripts (MapLibre's worker is .mjs) and stylesheets. */
export const PRECOMPRESSED = /^assets\/.+\.(?:m?js|css)$/;
/** Below this a compressed copy saves too little to be worth a file (the server's own threshold). */
export const PRECOMPRESS_MIN_BYTES = 1024;

/**
 * `<file>.br` (Brotli at its best quality) and `<file>.gz` (gzip level 9) beside `file`, each only
 * when it is smaller than what it replaces. Returns the sizes written (0 = not written).
 */
export async function precompressFile(path: string): Promise<{ br: number; gz: number }> {
  const data = await readFile(path);
  if (data.length < PRECOMPRESS_MIN_BYTES) return { br: 0, gz: 0 };
  const [br, gz] = await Promise.all([
    brotli(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
    gzipAsync(data, { level: 9 }),
  ]);
  const sizes = { br: 0, gz: 0 };
  if (br.length < data.length) {
    await writeFile(`${path}.br`, br);
    sizes.br = br.length;
  }
  if (gz.length < data.length) {
    await writeFile(`${path}.gz`, gz);
    sizes.gz = gz.length;
  }
  return sizes;
}

/**
 * Writes a Brotli and a gzip copy of every hashed script and stylesheet (decision 026). The server
 * sends the copy the browser accepts (@fastify/static `preCompressed`), so the app's code travels
 * at Brotli's best ratio — about 14 % less than the on-the-fly gzip — at no cost per request.
 * The copies sit outside the service worker's precache patterns (they end in .br / .gz).
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'tripcrew:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((fileName) => PRECOMPRESSED.test(fileName));
      await Promise.all(files.map((fileName) => precompressFile(join(outDir, fileName))));
    },
  };
}
