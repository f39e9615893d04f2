// The module boundaries (.dependency-cruiser.cjs, decision 010) hold on the tree, and the rule
// really fails: each case plants a small tree with one import and runs the same configuration.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { root } from '../../scripts/ensure.mjs';
import { sourceFilesOver } from '../../scripts/boundaries.mjs';

const temps = [];
afterAll(() => temps.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** Runs the boundary check as validate does (`err` output) and returns the violations it names. */
function violations(cwd) {
  const result = spawnSync(
    join(root, 'node_modules/.bin/depcruise'),
    ['apps', '--config', join(root, '.dependency-cruiser.cjs'), '--output-type', 'err'],
    { cwd, encoding: 'utf8' },
  );
  const rules = [...result.stdout.matchAll(/^\s*error (\S+): (\S+) → (\S+)$/gm)].map(
    ([, rule, from, to]) => `${rule}: ${from} → ${to}`,
  );
  return { status: result.status, rules };
}

/** A tree of `files` (path → source) with the repository's TypeScript settings. */
function plant(files) {
  const dir = mkdtempSync(join(tmpdir(), 'tripcrew-boundaries-'));
  temps.push(dir);
  const all = {
    'tsconfig.base.json': JSON.stringify({
      compilerOptions: { module: 'ESNext', moduleResolution: 'Bundler', allowImportingTsExtensions: true },
    }),
    ...files,
  };
  for (const [path, source] of Object.entries(all)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), source);
  }
  return dir;
}

/** The check fails on the files planted in a fresh tree with exactly `rule`. */
function expectOnlyViolation(files, rule) {
  expect(violations(plant(files)).rules).toEqual([rule]);
}

const api = (module, file) => `apps/api/src/modules/${module}/${file}`;
const web = (path) => `apps/web/src/${path}`;

describe('module boundaries', () => {
  // The whole tree is parsed by a child process: about 9 s alone, several times that on a busy
  // two-core machine, so this one check gets a bound of its own.
  // Left out when `npm run validate` has just run this same check on the tree (BOUNDARIES_CHECKED).
  it.skipIf(process.env.BOUNDARIES_CHECKED === '1')(
    '[OPS-01] the tree keeps every boundary rule',
    { timeout: 180_000 },
    () => {
      const { status, rules } = violations(root);
      expect(rules).toEqual([]);
      expect(status).toBe(0);
    },
  );

  it('[OPS-01] an API module importing another module’s repository fails the check', () => {
    const dir = plant({
      [api('trips', 'trips.service.ts')]:
        "import { findCrew } from '../crew/crew.repository.ts';\nexport const a = findCrew;\n",
      [api('crew', 'crew.repository.ts')]: 'export const findCrew = 1;\n',
    });
    const { status, rules } = violations(dir);
    expect(rules).toEqual([
      'api-module-public-entry: apps/api/src/modules/trips/trips.service.ts → apps/api/src/modules/crew/crew.repository.ts',
    ]);
    expect(status).not.toBe(0);
  });

  it('[OPS-01] another module’s public entry and, from a table, its table are allowed', () => {
    const dir = plant({
      [api('trips', 'trips.service.ts')]:
        "import { crew } from '../crew/index.ts';\nexport const a = crew;\n",
      [api('trips', 'trips.table.ts')]:
        "import { users } from '../users/users.table.ts';\nexport const t = users;\n",
      [api('crew', 'index.ts')]: 'export const crew = 1;\n',
      [api('users', 'users.table.ts')]: 'export const users = 1;\n',
    });
    expect(violations(dir)).toEqual({ status: 0, rules: [] });
  });

  it('[OPS-01] a repository reading another module’s table fails the check', () => {
    expectOnlyViolation(
      {
        [api('crew', 'crew.repository.ts')]:
          "import { users } from '../users/users.table.ts';\nexport const a = users;\n",
        [api('users', 'users.table.ts')]: 'export const users = 1;\n',
      },
      'api-module-public-entry: apps/api/src/modules/crew/crew.repository.ts → apps/api/src/modules/users/users.table.ts',
    );
  });

  it('[OPS-01] platform code importing a module fails the check', () => {
    expectOnlyViolation(
      {
        'apps/api/src/platform/mail.ts':
          "import { x } from '../modules/auth/auth.service.ts';\nexport const a = x;\n",
        [api('auth', 'auth.service.ts')]: 'export const x = 1;\n',
      },
      'api-platform-below-modules: apps/api/src/platform/mail.ts → apps/api/src/modules/auth/auth.service.ts',
    );
  });

  it('[OPS-01] a web module importing another module, or reaching up into app/, fails the check', () => {
    const dir = plant({
      [web('modules/features/components/card.tsx')]:
        "import { Heart } from '../../wishlist/components/heart.tsx';\nimport { s } from '../../../app/store.ts';\nexport const a = [Heart, s];\n",
      [web('modules/wishlist/components/heart.tsx')]: 'export const Heart = 1;\n',
      [web('app/store.ts')]: 'export const s = 1;\n',
      [web('components/ui/button.tsx')]: "import { s } from '../../app/store.ts';\nexport const b = s;\n",
      [web('lib/dates.ts')]: "import { b } from '../components/ui/button.tsx';\nexport const d = b;\n",
    });
    expect(violations(dir).rules.sort()).toEqual([
      'web-components-below-modules: apps/web/src/components/ui/button.tsx → apps/web/src/app/store.ts',
      'web-lib-at-the-bottom: apps/web/src/lib/dates.ts → apps/web/src/components/ui/button.tsx',
      'web-modules-apart: apps/web/src/modules/features/components/card.tsx → apps/web/src/modules/wishlist/components/heart.tsx',
      'web-modules-below-app: apps/web/src/modules/features/components/card.tsx → apps/web/src/app/store.ts',
    ]);
  });
});

describe('file size', () => {
  it('[OPS-01] no source file outside data and tests is over 400 lines', () => {
    expect(sourceFilesOver(400)).toEqual([]);
  });
});
