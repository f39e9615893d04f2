// A language's catalogue imported by its loader (lib/i18n/locales.ts): @lingui/vite-plugin compiles
// src/locales/<code>/messages.po into this module.
declare module '*.po' {
  import type { CompiledMessages } from './i18n.ts';

  export const messages: CompiledMessages;
}
