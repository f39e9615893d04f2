/**
 * The languages of the app (decision 029). Adding one is its catalogue (src/locales/<code>/messages.po,
 * written by `npm run i18n:extract` and then translated) and one line here, with the loader that
 * fetches the compiled catalogue as a chunk of its own when that language is chosen.
 */
import type { CompiledMessages } from './i18n.ts';

export interface LocaleInfo {
  /** The language's own name, for a language picker. */
  name: string;
  /** The locale dates and numbers are written in (BCP 47): English follows SPEC §9 (day first, 24 h). */
  intl: string;
  /** The compiled catalogue; none for the source language, whose messages are compiled into the code. */
  load?: () => Promise<{ messages: CompiledMessages }>;
}

/** The language messages are written in, in the code. */
export const SOURCE_LOCALE = 'en';

export const LOCALES: Record<string, LocaleInfo> = {
  en: { name: 'English', intl: 'en-GB' },
};

/** The first supported language among the preferred ones ('de-AT' matches 'de'), else the source's. */
export function pickLocale(
  preferred: readonly string[],
  supported: readonly string[] = Object.keys(LOCALES),
) {
  for (const tag of preferred) {
    const code = tag.toLowerCase().split('-')[0] ?? '';
    if (supported.includes(code)) return code;
  }
  return SOURCE_LOCALE;
}
