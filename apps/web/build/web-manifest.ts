import type { ManifestOptions } from 'vite-plugin-pwa';
import { THEME_COLORS } from '../src/lib/theme-colors.ts';

/**
 * The colours of the app's header (THEME_COLORS, src/lib/theme-colors.ts) and of the page behind
 * it in the light theme (body: slate-50), for the splash screen. index.html's
 * <meta name="theme-color"> tags carry the same values; test/repo/web-manifest.test.mjs keeps them equal.
 */
export { THEME_COLORS };
export const BACKGROUND_COLOR = '#f8fafc';

/**
 * The web app manifest (installability): PNG icons drawn from the logo by scripts/make-icons.mjs,
 * a maskable one, and screenshots of the home page for the richer install dialog. Files live in
 * apps/web/public; test/repo/web-manifest.test.mjs checks each file against its declared size.
 */
export const WEB_MANIFEST: Partial<ManifestOptions> = {
  id: '/',
  name: 'Tripcrew',
  short_name: 'Tripcrew',
  description: 'Plan trips with your crew: places, days, checklist and messages in one place.',
  lang: 'en',
  dir: 'ltr',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  orientation: 'any',
  theme_color: THEME_COLORS.light,
  background_color: BACKGROUND_COLOR,
  categories: ['travel', 'navigation', 'lifestyle'],
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
  ],
  screenshots: [
    {
      src: '/screenshots/home-narrow.png',
      sizes: '390x844',
      type: 'image/png',
      form_factor: 'narrow',
      label: 'Suggestions for your next trip on a phone',
    },
    {
      src: '/screenshots/home-wide.png',
      sizes: '1366x900',
      type: 'image/png',
      form_factor: 'wide',
      label: 'Suggestions for your next trip on a desktop',
    },
  ],
};
