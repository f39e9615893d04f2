/** The active language and the locale dates and numbers follow (lib/i18n/i18n.ts sets it, lib/format reads it). */
let active = { code: 'en', intl: 'en-GB' };

export const activeLocale = (): Readonly<typeof active> => active;

export function setActiveLocale(code: string, intl: string): void {
  active = { code, intl };
}
