/**
 * The Lingui macros (`t`, `msg`, `plural` of @lingui/core/macro; `<Trans>`, `<Plural>`, `useLingui`
 * of @lingui/react/macro) compiled away at build time (decision 029), in two Babel steps:
 *
 * 1. Lingui's macro plugin turns each into a call of the app's own message runtime
 *    (src/lib/i18n/i18n.ts and trans.tsx), with its id and English message.
 * 2. `compileMessagesInPlace` compiles that English message (ICU) into Lingui's compiled form, so
 *    no ICU parser ships, and the English text travels in the chunk that shows it: no catalogue is
 *    downloaded for English. The id is left out (about 10 bytes of gzip a message): another
 *    language's catalogue is keyed by the compiled English message instead
 *    (`cataloguesKeyedByEnglish`, compiled from src/locales/<code>/messages.po when imported).
 *
 * Only files that import a macro go through Babel.
 */
import { fileURLToPath } from 'node:url';
import { transformAsync, type PluginObj, type types as BabelTypes } from '@babel/core';
import linguiMacro from '@lingui/babel-plugin-lingui-macro';
import { getCatalogForFile, getCatalogs } from '@lingui/cli/api';
import { getConfig, type LinguiConfigNormalized } from '@lingui/conf';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import { relative } from 'node:path';
import type { Plugin } from 'vite';

const MACRO_IMPORT = /from\s+['"]@lingui\/(core|react)\/macro['"]/;
const SOURCE = /\.(tsx?|jsx?)$/;

/** The value types a message may use: what src/lib/i18n/i18n.ts interprets. */
const SUPPORTED_TYPES = new Set(['plural', 'selectordinal', 'select', 'number']);

function checkTypes(compiled: unknown, message: string): void {
  if (!Array.isArray(compiled)) return;
  for (const token of compiled) {
    if (!Array.isArray(token)) continue;
    const [, type, cases] = token as [string, string?, unknown?];
    if (type && !SUPPORTED_TYPES.has(type)) {
      throw new Error(`"${message}": {…, ${type}} is not supported; format the value with lib/format first`);
    }
    if (cases && typeof cases === 'object') Object.values(cases).forEach((c) => checkTypes(c, message));
  }
}

/** A literal of a JSON value (the compiled message). */
function literal(t: typeof BabelTypes, value: unknown): BabelTypes.Expression {
  if (Array.isArray(value)) return t.arrayExpression(value.map((item) => literal(t, item)));
  if (typeof value === 'number') return t.numericLiteral(value);
  if (value && typeof value === 'object') {
    return t.objectExpression(
      Object.entries(value)
        .filter(([, item]) => item !== undefined && item !== null)
        .map(([key, item]) => t.objectProperty(t.stringLiteral(key), literal(t, item))),
    );
  }
  return t.stringLiteral(String(value));
}

/**
 * The key of a message in a translated catalogue: its compiled English message, as the call site
 * carries it. The same function as `catalogueKey` of src/lib/i18n/i18n.ts.
 */
export const catalogueKey = (compiled: unknown): string =>
  typeof compiled === 'string' ? compiled : JSON.stringify(compiled);

/**
 * Compiles `message` of every message descriptor the macro wrote ({ id, message, … } where id is the
 * message's generated id, so nothing else is touched), and leaves the id out.
 */
export function compileMessagesInPlace({ types: t }: { types: typeof BabelTypes }): PluginObj {
  return {
    name: 'tripcrew-compile-messages-in-place',
    visitor: {
      ObjectExpression(path) {
        const find = (name: string) =>
          path.node.properties.find(
            (p): p is BabelTypes.ObjectProperty =>
              p.type === 'ObjectProperty' && p.key.type === 'Identifier' && p.key.name === name,
          );
        const id = find('id')?.value;
        const message = find('message');
        const context = find('context')?.value;
        if (id?.type !== 'StringLiteral' || message?.value.type !== 'StringLiteral') return;
        const text = message.value.value;
        const contextText = context?.type === 'StringLiteral' ? context.value : '';
        if (generateMessageId(text, contextText) !== id.value) return;
        let compiled: unknown;
        try {
          compiled = compileMessageOrThrow(text);
        } catch (error) {
          throw new Error(`"${text}" is no valid ICU message: ${String(error)}`, { cause: error });
        }
        checkTypes(compiled, text);
        message.value = literal(t, compiled);
        path.node.properties = path.node.properties.filter(
          (p) => p.type !== 'ObjectProperty' || p.value !== id,
        );
      },
    },
  };
}

const runtime = (file: string) => fileURLToPath(new URL(`../src/lib/i18n/${file}`, import.meta.url));

/** The Lingui config of the web app, with the runtime the macros compile to. */
export function macroConfig(): LinguiConfigNormalized {
  const config = getConfig({ configPath: fileURLToPath(new URL('../lingui.config.ts', import.meta.url)) });
  return {
    ...config,
    runtimeConfigModule: {
      i18n: [runtime('i18n.ts'), 'i18n'],
      Trans: [runtime('trans.tsx'), 'Trans'],
      useLingui: [runtime('trans.tsx'), 'useLingui'],
    },
  };
}

/** Runs the two Babel steps over a source file that imports a macro; null for any other file. */
export async function transformMacros(code: string, id: string, config: LinguiConfigNormalized) {
  const file = id.split('?')[0] ?? id;
  if (!SOURCE.test(file) || file.includes('/node_modules/') || !MACRO_IMPORT.test(code)) return null;
  const result = await transformAsync(code, {
    filename: file,
    babelrc: false,
    configFile: false,
    sourceMaps: true,
    parserOpts: { plugins: ['typescript', 'jsx'] },
    plugins: [
      // The English message is kept (Lingui strips it from production builds by default).
      [linguiMacro, { linguiConfig: config, stripMessageField: false }],
      compileMessagesInPlace,
    ],
  });
  return result?.code ? { code: result.code, map: result.map } : null;
}

/**
 * A translated catalogue (src/locales/<code>/messages.po) as a module `{ messages }` keyed by the
 * compiled English message of each entry (`catalogueKey`), its value the compiled translation (the
 * English message while untranslated). Runs after @lingui/vite-plugin, whose id-keyed output it
 * replaces.
 */
export async function compileCatalogueKeyedByEnglish(
  file: string,
  config: LinguiConfigNormalized,
): Promise<Record<string, unknown> | null> {
  const found = getCatalogForFile(relative(config.rootDir ?? '', file), await getCatalogs(config));
  if (!found) return null;
  const entries = await found.catalog.read(found.locale);
  const keyed: Record<string, unknown> = {};
  for (const [id, entry] of Object.entries(entries ?? {})) {
    if (entry.obsolete) continue;
    const english = entry.message ?? id;
    keyed[catalogueKey(compileMessageOrThrow(english))] = compileMessageOrThrow(entry.translation || english);
  }
  return keyed;
}

export function cataloguesKeyedByEnglish(): Plugin {
  let config: LinguiConfigNormalized | undefined;
  return {
    name: 'tripcrew-catalogues-keyed-by-english',
    async transform(_code, id) {
      const file = id.split('?')[0] ?? id;
      if (!file.endsWith('.po')) return null;
      config ??= macroConfig();
      const messages = await compileCatalogueKeyedByEnglish(file, config);
      if (!messages) return null;
      const code = `export const messages = JSON.parse(${JSON.stringify(JSON.stringify(messages))});`;
      return { code, map: null, moduleType: 'js' };
    },
  };
}

export function linguiMacros(): Plugin {
  let config: LinguiConfigNormalized | undefined;
  return {
    name: 'tripcrew-lingui-macros',
    enforce: 'pre',
    transform(code, id) {
      config ??= macroConfig();
      return transformMacros(code, id, config);
    },
  };
}
