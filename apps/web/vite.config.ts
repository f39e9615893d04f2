import { fileURLToPath } from 'node:url';
import { lingui } from '@lingui/vite-plugin';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { compileHints } from './build/compile-hints.ts';
import { firstPageChunks } from './build/first-page-chunks.ts';
import { cataloguesKeyedByEnglish, linguiMacros } from './build/lingui-macros.ts';
import {
  EARLY_REQUESTS_COPY,
  EARLY_REQUESTS_ENTRY,
  EARLY_REQUESTS_NAME,
  earlyRequestsOwnCopies,
  earlyRequestsScript,
} from './build/early-requests-script.ts';
import { precompress } from './build/precompress.ts';
import { routePreloads } from './build/route-preloads.ts';
import { stylesheetAfterShell } from './build/stylesheet-after-shell.ts';
import { WEB_MANIFEST } from './build/web-manifest.ts';

/** `zod` (also in the contracts) is the web app's wrapper: no eval (src/lib/zod-without-eval.ts). */
const zodWithoutEval = fileURLToPath(new URL('./src/lib/zod-without-eval.ts', import.meta.url));

/**
 * The contracts most pages read (a trip, its features, its place, a user, the shared rules): one
 * lazy file; every other contract a file of its own, so a page builds the schemas it reads.
 */
const CORE_CONTRACTS =
  /packages[\\/]contracts[\\/]src[\\/](common|constants|places|features|trips|users|notifications)\.ts$/;
const contractChunkName = (moduleId: string): string | null => {
  const name = /packages[\\/]contracts[\\/]src[\\/]([\w-]+)\.ts$/.exec(moduleId)?.[1];
  return name ? `contracts-${name}` : null;
};

/** What each first page's render loads beside the entry chunk (build/route-preloads.ts). */
const CONTRACTS = '../../packages/contracts/src/trips.ts';
const PLACE = ['src/app/routes/place.tsx', 'src/modules/places/api/prefetch-place-page.ts', CONTRACTS];
const ROUTE_PRELOADS = [
  { pattern: '/', modules: ['src/app/routes/home.tsx', CONTRACTS] },
  { pattern: '/place/:country/:type', modules: PLACE },
  { pattern: '/place/:country/:type/:region', modules: PLACE },
  { pattern: '/place/:country/:type/:region/:place', modules: PLACE },
  {
    pattern: '/trips/:id',
    modules: ['src/app/routes/trip-detail.tsx', 'src/modules/trips/api/prefetch-trip-page.ts', CONTRACTS],
  },
];

/**
 * The first pages' own code in one chunk each, plus one for what they share (decision 027), so a
 * page opened from its address loads a few files beside the entry instead of about twenty.
 */
const FIRST_PAGES = [
  {
    name: 'trip',
    modules: ['src/app/routes/trip-detail.tsx', 'src/modules/trips/api/prefetch-trip-page.ts'],
  },
  { name: 'place', modules: ['src/app/routes/place.tsx', 'src/modules/places/api/prefetch-place-page.ts'] },
  { name: 'home', modules: ['src/app/routes/home.tsx'] },
];
/** Modules with chunks of their own, left to their groups. */
const OWN_CHUNKS =
  /zod-without-eval|node_modules[\\/](zod|maplibre-gl|pmtiles)[\\/]|packages[\\/]contracts[\\/]/;
const FIRST_PAGE_CHUNKS = firstPageChunks(FIRST_PAGES, new URL('./', import.meta.url).href, OWN_CHUNKS);

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3000'}`;

export default defineConfig({
  resolve: { alias: [{ find: /^zod$/, replacement: zodWithoutEval }] },
  plugins: [
    // Messages (decision 029): the macros compiled into the app's runtime with their English text,
    // and a language's catalogue (src/locales/<code>/messages.po) compiled when imported.
    linguiMacros(),
    lingui({ configPath: fileURLToPath(new URL('./lingui.config.ts', import.meta.url)) }),
    cataloguesKeyedByEnglish(),
    react(),
    tailwindcss(),
    // Chunks compiled off the main thread while they download (build/compile-hints.ts).
    compileHints(),
    // The stylesheet after the boot shell, so it does not hold back the first paint.
    stylesheetAfterShell(),
    // The start-up script that asks for the first page's data while the app downloads.
    earlyRequestsOwnCopies(),
    earlyRequestsScript(),
    // dist/route-preloads.json: the chunks the server announces with each first page.
    routePreloads(ROUTE_PRELOADS, new URL('./', import.meta.url).href),
    // A Brotli and a gzip copy of each script and stylesheet, sent as they are (decision 026).
    precompress(),
    // Service worker at /sw.js (SPEC §1). Registered at runtime by app/layout/register-service-worker.ts
    // through workbox-window: no inline script (CSP script-src 'self').
    VitePWA({
      disable: Boolean(process.env.VITEST),
      strategies: 'generateSW',
      filename: 'sw.js',
      injectRegister: false,
      // A new version waits until the user asks for it (app/layout/update-prompt.tsx): the page
      // never runs old and new chunks side by side.
      registerType: 'prompt',
      includeAssets: ['favicon.svg', 'cookie-policy.html', 'images/**/*.svg', 'icons/apple-touch-icon.png'],
      manifest: WEB_MANIFEST,
      workbox: {
        // The app shell: every built script, style, page and icon.
        // mjs: MapLibre's worker, so a map seen once draws offline too.
        globPatterns: ['**/*.{js,mjs,css,html,svg,webmanifest}'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api/],
        // A new version installs beside the running one and waits: the old worker keeps serving its
        // own precache entries (each is keyed by its revision) until the user reloads through the
        // update prompt, which posts SKIP_WAITING. On activation Workbox drops the entries the new
        // manifest no longer lists. No skipWaiting here: the worker listens for the message instead.
        skipWaiting: false,
        // The first install takes control of the open page at once (nothing older is running).
        clientsClaim: true,
        // Deletes only precaches left by older Workbox releases (names holding "-precache-"); the
        // runtime cache below (tripcrew-images) survives every new version.
        cleanupOutdatedCaches: true,
        runtimeCaching: [
          {
            // The basemap's style and its bundled Natural Earth data (decision 021): a map seen
            // once draws offline. PMTiles range requests stay network-only (no partial caching).
            urlPattern: ({ sameOrigin, url }) =>
              sameOrigin &&
              (url.pathname === '/api/maps/style.json' || url.pathname.startsWith('/api/maps/data/')),
            handler: 'StaleWhileRevalidate',
            options: {
              cacheName: 'tripcrew-maps',
              expiration: { maxEntries: 16, maxAgeSeconds: 30 * 24 * 60 * 60 },
            },
          },
          {
            // The built-in basemap's tiles and fonts (decision 043): the same bytes until a release,
            // so a place seen once draws offline; the oldest go first beyond 1,500 (about 30 MB).
            urlPattern: ({ sameOrigin, url }) =>
              sameOrigin &&
              (url.pathname.startsWith('/api/maps/basemap/') || url.pathname.startsWith('/api/maps/fonts/')),
            handler: 'CacheFirst',
            options: {
              cacheName: 'tripcrew-basemap',
              expiration: { maxEntries: 1500, maxAgeSeconds: 30 * 24 * 60 * 60 },
            },
          },
          {
            // A booking's files (a boarding pass, tickets): each URL names one file that never
            // changes, so a copy once fetched answers offline (the trip page fetches those of the
            // next seven days: modules/trips/api/trip-booking-files.ts). Emptied on sign-out.
            urlPattern: ({ sameOrigin, url }) =>
              sameOrigin && /^\/api\/core\/trips\/[^/]+\/bookings\/[^/]+\/files\/[^/]+$/.test(url.pathname),
            handler: 'CacheFirst',
            options: {
              cacheName: 'tripcrew-booking-files',
              expiration: { maxEntries: 100, maxAgeSeconds: 30 * 24 * 60 * 60 },
              cacheableResponse: { statuses: [200] },
            },
          },
          {
            // Same-origin images outside the precache (e.g. uploads served by the app).
            urlPattern: ({ request, sameOrigin, url }) =>
              sameOrigin && request.destination === 'image' && !url.pathname.startsWith('/api/'),
            handler: 'StaleWhileRevalidate',
            options: {
              cacheName: 'tripcrew-images',
              expiration: { maxEntries: 200, maxAgeSeconds: 30 * 24 * 60 * 60 },
            },
          },
        ],
      },
      devOptions: { enabled: false },
    }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    // Every browser the es2022 target reaches fetches <link rel="modulepreload"> itself: no polyfill
    // in the entry chunk.
    modulePreload: { polyfill: false },
    // The first download is one file of about 530 kB (165 kB gzip); its budget is checked in gzip
    // by bench:web and the build test (170 kB), not by this warning.
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      // The app (index.html) and the start-up script (src/early-requests.ts), which imports nothing.
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        [EARLY_REQUESTS_NAME]: fileURLToPath(new URL(`./${EARLY_REQUESTS_ENTRY}`, import.meta.url)),
      },
      output: {
        // Seven characters of hash (the fewest the bundler allows for this many chunks) rather
        // than eight: the entry lists every lazy chunk's file name, in the first download.
        entryFileNames: 'assets/[name]-[hash:7].js',
        chunkFileNames: 'assets/[name]-[hash:7].js',
        codeSplitting: {
          // What the first page loads at once, in one file (decision 018); MapLibre; zod; the
          // contracts in a core file and one file each (decision 023).
          groups: [
            {
              name: 'app',
              tags: ['$initial'],
              test: (id: string) => !id.endsWith(EARLY_REQUESTS_ENTRY) && !id.endsWith(EARLY_REQUESTS_COPY),
            },
            // What the first pages' renders run: one chunk they share, then one per page (decision 027).
            { name: FIRST_PAGE_CHUNKS.shared, debugName: 'first-shared' },
            { name: FIRST_PAGE_CHUNKS.own, debugName: 'first-page' },
            // MapLibre (about 1 MB) in one chunk of its own, shared by every map and fetched on
            // the first map shown (decision 021).
            { name: 'maplibre', test: /node_modules[\\/](maplibre-gl|pmtiles)[\\/]/ },
            { name: 'zod', test: /zod-without-eval|node_modules[\\/]zod[\\/]/ },
            // Before the per-contract files: a contract's group takes its imports with it.
            { name: 'contracts-core', test: CORE_CONTRACTS },
            { name: contractChunkName, debugName: 'contracts-each', test: /packages[\\/]contracts[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, ws: true, changeOrigin: false } },
  },
});
