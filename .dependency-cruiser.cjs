// Module boundaries, enforced by `npm run lint:boundaries` (part of `npm run validate`).
// Decision record: docs/decisions/010-module-boundaries.md. Paths are relative to the repository
// root; `$1` in a `to` pattern is the module name captured by the `from` pattern.

/** Tests and their fixtures may reach anything they need to set up a case. */
const TESTS = [
  '\\.test\\.tsx?$',
  '\\.spec\\.tsx?$',
  '\\.fixtures\\.ts$',
  '/testing/',
  '^apps/[^/]+/test/',
  '^apps/web/e2e/',
];

const API_MODULES = '^apps/api/src/modules/';
const WEB = '^apps/web/src/';

module.exports = {
  forbidden: [
    {
      name: 'api-module-public-entry',
      severity: 'error',
      comment:
        'An API module uses another module only through its public entry, modules/<name>/index.ts ' +
        '(exported service functions, query functions and types), never its repository, routes, tables or internals.',
      from: { path: `${API_MODULES}([^/]+)/`, pathNot: [...TESTS, '\\.table\\.ts$'] },
      to: {
        path: API_MODULES,
        pathNot: [`${API_MODULES}$1/`, `${API_MODULES}[^/]+/index\\.ts$`],
      },
    },
    {
      name: 'api-table-foreign-keys-only',
      severity: 'error',
      comment: "A table file may import another module's table (for a foreign key) and nothing else of it.",
      from: { path: `${API_MODULES}([^/]+)/.+\\.table\\.ts$` },
      to: { path: API_MODULES, pathNot: [`${API_MODULES}$1/`, '\\.table\\.ts$'] },
    },
    {
      name: 'api-platform-below-modules',
      severity: 'error',
      comment: 'Platform code is shared by every module and depends on none of them.',
      from: { path: '^apps/api/src/platform/', pathNot: TESTS },
      to: { path: ['^apps/api/src/modules/', '^apps/api/src/(app|server)\\.ts$', '^apps/api/src/db/seed/'] },
    },
    {
      name: 'api-composition-root',
      severity: 'error',
      comment: 'Only server.ts builds the app; modules and platform never import the composition root.',
      from: {
        path: ['^apps/api/src/modules/', '^apps/api/src/platform/', '^apps/api/src/db/'],
        pathNot: TESTS,
      },
      to: { path: '^apps/api/src/(app|server)\\.ts$' },
    },
    {
      name: 'api-db-client-below-modules',
      severity: 'error',
      comment: 'The database client and migrator know no module (only the schema index and the seeders do).',
      from: { path: '^apps/api/src/db/(client|migrate)\\.ts$' },
      to: { path: '^apps/api/src/modules/' },
    },
    {
      name: 'contracts-import-nothing-of-the-apps',
      severity: 'error',
      comment: 'packages/contracts holds zod schemas shared by both apps and imports neither.',
      from: { path: '^packages/contracts/' },
      to: { path: '^apps/' },
    },
    {
      name: 'apps-apart',
      severity: 'error',
      comment: 'The web app and the API share code only through packages/contracts.',
      from: { path: '^apps/(web|api)/' },
      to: { path: '^apps/', pathNot: '^apps/$1/' },
    },
    {
      name: 'web-modules-apart',
      severity: 'error',
      comment: 'A web module never imports another module; the screens in app/ compose them (props, slots).',
      from: { path: `${WEB}modules/([^/]+)/`, pathNot: TESTS },
      to: { path: `${WEB}modules/`, pathNot: `${WEB}modules/$1/` },
    },
    {
      name: 'web-modules-below-app',
      severity: 'error',
      comment: 'Modules sit below app/ (router, layout, store, screens) and never reach up into it.',
      from: { path: `${WEB}modules/`, pathNot: TESTS },
      to: { path: [`${WEB}app/`, `${WEB}store/`, `${WEB}main\\.tsx$`] },
    },
    {
      name: 'web-components-below-modules',
      severity: 'error',
      comment: 'Shared UI primitives (components/) use only lib/; they know no module and no screen.',
      from: { path: `${WEB}components/`, pathNot: TESTS },
      to: { path: [`${WEB}modules/`, `${WEB}app/`, `${WEB}store/`, `${WEB}main\\.tsx$`] },
    },
    {
      name: 'web-lib-at-the-bottom',
      severity: 'error',
      comment: 'lib/ (API client, storage, dates) is the lowest layer of the web app.',
      from: { path: `${WEB}lib/`, pathNot: TESTS },
      to: {
        path: [`${WEB}components/`, `${WEB}modules/`, `${WEB}app/`, `${WEB}store/`, `${WEB}main\\.tsx$`],
      },
    },
    {
      name: 'web-store-below-app',
      severity: 'error',
      comment: 'A store outside app/ would be a lower layer and may not reach up into app/.',
      from: { path: `${WEB}store/`, pathNot: TESTS },
      to: { path: `${WEB}app/` },
    },
  ],
  options: {
    includeOnly: ['^apps/api/src/', '^apps/web/src/', '^packages/contracts/src/'],
    exclude: { path: ['node_modules', '/dist/', '\\.d\\.ts$'] },
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    combinedDependencies: true,
    preserveSymlinks: false,
  },
};
