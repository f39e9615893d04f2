/**
 * The message runtime the Lingui macros compile to (decision 029): `t`, `msg` and `useLingui` calls
 * become `i18n._(descriptor)`, with the English message compiled at build time (build/lingui-macros.ts),
 * so no ICU parser ships. A translated catalogue, when one is active, wins over the English message.
 */
import { formatNumber } from '../format/numbers.ts';
import { activeLocale, setActiveLocale } from './active-locale.ts';

/** A message compiled by Lingui: text, `#`, or [name, type?, cases or style?]. */
export type CompiledToken = string | [string, string?, (Record<string, CompiledMessage> | string)?];
export type CompiledMessage = string | CompiledToken[];
export type CompiledMessages = Record<string, CompiledMessage>;
export type MessageValues = Record<string, unknown>;

export interface MessageDescriptor {
  /** Left out at the app's call sites (build/lingui-macros.ts): the compiled English message is the key. */
  id?: string;
  message?: CompiledMessage | string;
  values?: MessageValues;
}

const pluralRules = new Map<string, Intl.PluralRules>();

/** The plural category of `count` in the active locale (cardinal, or ordinal for selectordinal). */
function pluralCategory(count: number, ordinal: boolean): string {
  const key = `${activeLocale().intl}${ordinal ? ':o' : ''}`;
  let rules = pluralRules.get(key);
  if (!rules) {
    rules = new Intl.PluralRules(activeLocale().intl, { type: ordinal ? 'ordinal' : 'cardinal' });
    pluralRules.set(key, rules);
  }
  return rules.select(count);
}

/** Writes a compiled message with its values; `#` is the count of the plural it sits in. */
export function interpolate(message: CompiledMessage, values: MessageValues, count?: number): string {
  if (typeof message === 'string') return message;
  let text = '';
  for (const token of message) {
    if (typeof token === 'string') {
      text += token === '#' && count !== undefined ? formatNumber(count) : token;
      continue;
    }
    const [name, type, format] = token;
    const value = values[name];
    if (type === 'plural' || type === 'selectordinal') {
      const cases = format as Record<string, CompiledMessage>;
      const offset = Number(cases.offset ?? 0);
      const n = Number(value) - offset;
      const chosen =
        cases[String(value)] ?? cases[pluralCategory(n, type === 'selectordinal')] ?? cases.other;
      text += interpolate(chosen ?? '', values, n);
    } else if (type === 'select') {
      const cases = format as Record<string, CompiledMessage>;
      text += interpolate(cases[String(value)] ?? cases.other ?? '', values, count);
    } else if (type === 'number') {
      text += formatNumber(Number(value));
    } else if (value !== undefined && value !== null) {
      text += String(value);
    }
  }
  return text;
}

/**
 * The key of a message in a translated catalogue (decision 029): its compiled English message,
 * which is what a call site carries (no id). build/lingui-macros.ts keys the catalogues the same way.
 */
export const catalogueKey = (message: CompiledMessage): string =>
  typeof message === 'string' ? message : JSON.stringify(message);

let messages: CompiledMessages = {};
let translated = false;

export const i18n = {
  /** The active language's code ('en'). */
  get locale(): string {
    return activeLocale().code;
  },
  /** Makes `code` the language of every message from now on, with its catalogue (none for English). */
  activate(code: string, intl: string, catalogue: CompiledMessages = {}): void {
    setActiveLocale(code, intl);
    messages = catalogue;
    translated = Object.keys(catalogue).length > 0;
  },
  /** A message in the active language: by descriptor (what the macros emit) or by id. */
  _(
    descriptor: MessageDescriptor | string,
    values?: MessageValues,
    options?: { message?: CompiledMessage },
  ): string {
    const {
      id,
      message,
      values: own,
    } = typeof descriptor === 'string' ? { id: descriptor, message: options?.message, values } : descriptor;
    const key = message !== undefined ? catalogueKey(message) : id;
    const translation = translated && key !== undefined ? messages[key] : undefined;
    return interpolate(translation ?? message ?? id ?? '', own ?? values ?? {});
  },
};
