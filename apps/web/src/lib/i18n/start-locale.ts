/**
 * Chooses the language before the first render (main.tsx): the one saved by the user, else the
 * browser's first supported one. A translated catalogue is fetched first (its own chunk); English,
 * the source language, needs none.
 */
import { i18n } from './i18n.ts';
import { LOCALES, pickLocale, SOURCE_LOCALE } from './locales.ts';

/** Where a chosen language is kept (a later language picker writes it, then reloads). */
export const LOCALE_STORAGE_KEY = 'tripcrew.locale';

function savedLocale(): string | null {
  try {
    return localStorage.getItem(LOCALE_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** Activates `code` (the source language when unknown), after loading its catalogue. */
export async function activateLocale(code: string): Promise<void> {
  const info = LOCALES[code] ?? LOCALES[SOURCE_LOCALE]!;
  const chosen = LOCALES[code] ? code : SOURCE_LOCALE;
  const catalogue = info.load ? (await info.load()).messages : {};
  i18n.activate(chosen, info.intl, catalogue);
  document.documentElement.lang = info.intl;
}

/** The language this visit starts in; resolves at once for English. */
export function startLocale(): Promise<void> | void {
  const saved = savedLocale();
  const code = pickLocale(saved ? [saved] : navigator.languages);
  if (code === SOURCE_LOCALE) return;
  return activateLocale(code);
}
