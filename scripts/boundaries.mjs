#!/usr/bin/env node
// npm run lint:boundaries: the module boundaries of .dependency-cruiser.cjs (decision 010) and the
// 400-line limit on source files (data files and tests excepted). Exits non-zero on a breach.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from './ensure.mjs';

export const MAX_SOURCE_LINES = 400;
const SOURCE = /\.(ts|tsx|mjs|cjs|js)$/;
/** Data files, generated files and tests are not held to the limit. */
const EXEMPT = [
  /\/data\//,
  /\.data\.ts$/,
  /\.d\.ts$/,
  /\.test\.(ts|tsx|mjs)$/,
  /\.spec\.ts$/,
  /\/e2e\//,
  /^apps\/api\/test\//,
  /^test\//,
];

/** Source files (tracked or new, not ignored) longer than `max` lines, as "path (N lines)". */
export function sourceFilesOver(max = MAX_SOURCE_LINES) {
  const listed = spawnSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  });
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  return listed.stdout
    .split('\n')
    .filter((path) => SOURCE.test(path) && !EXEMPT.some((pattern) => pattern.test(path)))
    .flatMap((path) => {
      let text;
      try {
        text = readFileSync(join(root, path), 'utf8');
      } catch {
        return []; // deleted in the work tree
      }
      const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
      return lines > max ? [`${path} (${lines} lines)`] : [];
    });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const cruise = spawnSync(
    join(root, 'node_modules/.bin/depcruise'),
    ['apps/api/src', 'apps/web/src', 'packages/contracts/src', '--config', '.dependency-cruiser.cjs'],
    { cwd: root, stdio: 'inherit' },
  );
  const long = sourceFilesOver();
  for (const file of long) console.error(`  error file-size: ${file}, over ${MAX_SOURCE_LINES}`);
  if (cruise.status !== 0 || long.length > 0) process.exit(1);
  console.log(`✓ module boundaries hold; no source file over ${MAX_SOURCE_LINES} lines`);
}
