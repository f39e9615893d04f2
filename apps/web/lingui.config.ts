// The catalogues (decision 029): `npm run i18n:extract` writes every message of the code into
// src/locales/<code>/messages.po, one file per language of src/lib/i18n/locales.ts.
import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';
import { LOCALES, SOURCE_LOCALE } from './src/lib/i18n/locales.ts';

export default defineConfig({
  sourceLocale: SOURCE_LOCALE,
  locales: Object.keys(LOCALES),
  fallbackLocales: { default: SOURCE_LOCALE },
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['<rootDir>/src'],
      // The runtime (lib/i18n) calls what the macros compile to; it holds no message.
      exclude: ['**/*.test.ts', '**/*.test.tsx', '**/testing/**', '**/lib/i18n/**'],
    },
  ],
  // No file names or line numbers: two people adding messages in different files touch
  // different lines, and a catalogue regenerated after a merge is the same on both sides.
  format: formatter({ origins: false, lineNumbers: false }),
  orderBy: 'message',
});
