// Strings ready for languages (decision 029): the English catalogue holds exactly the messages of
// the code, every language's catalogue the same ones, and the lint rule refuses literal text in
// components.
import { join } from 'node:path';
import { getConfig } from '@lingui/conf';
import { getCatalogs } from '@lingui/cli/api';
import { ESLint, Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { tripcrewPlugin } from '../../scripts/eslint/no-literal-ui-text.mjs';
import { root } from '../../scripts/ensure.mjs';

const configPath = join(root, 'apps/web/lingui.config.ts');

describe('catalogues', () => {
  it('the English catalogue holds every message of the code and nothing else (npm run i18n:extract)', async () => {
    const config = getConfig({ configPath });
    const [catalog] = await getCatalogs(config);
    const extracted = await catalog.collect();
    const english = await catalog.read(config.sourceLocale);
    const messagesOf = (entries) =>
      Object.fromEntries(Object.entries(entries).map(([id, entry]) => [id, entry.message ?? id]));
    const inCode = messagesOf(extracted);
    const inCatalogue = messagesOf(
      Object.fromEntries(Object.entries(english).filter(([, entry]) => !entry.obsolete)),
    );
    const missing = Object.keys(inCode).filter((id) => !(id in inCatalogue));
    const unused = Object.keys(inCatalogue).filter((id) => !(id in inCode));
    const hint = 'run `npm run i18n:extract` and commit apps/web/src/locales';
    expect(
      missing.map((id) => inCode[id]),
      `not in the English catalogue: ${hint}`,
    ).toEqual([]);
    expect(
      unused.map((id) => inCatalogue[id]),
      `no longer in the code: ${hint}`,
    ).toEqual([]);
    expect(inCatalogue).toEqual(inCode);
    expect(Object.keys(inCode).length).toBeGreaterThan(0);
    // Every other language has a translation for each message.
    for (const locale of config.locales.filter((code) => code !== config.sourceLocale)) {
      const translated = await catalog.read(locale);
      const untranslated = Object.keys(inCode).filter((id) => !translated[id]?.translation);
      expect(
        untranslated.map((id) => inCode[id]),
        `untranslated in ${locale}`,
      ).toEqual([]);
    }
  }, 180_000);
});

describe('messages without ids at the call sites', () => {
  it('compiles a message in place without its id, and keys a catalogue by the compiled English message', async () => {
    const { catalogueKey, compileCatalogueKeyedByEnglish, macroConfig, transformMacros } =
      await import('../../apps/web/build/lingui-macros.ts');
    const config = macroConfig();
    const source = "import { msg } from '@lingui/core/macro';\nexport const TITLE = msg`Welcome back`;\n";
    const { code } = await transformMacros(source, join(root, 'apps/web/src/title.ts'), config);
    expect(code).toContain('"Welcome back"');
    expect(code).not.toMatch(/\bid:/);
    const messages = await compileCatalogueKeyedByEnglish(
      join(root, 'apps/web/src/locales/en/messages.po'),
      config,
    );
    expect(messages[catalogueKey(['Welcome back'])]).toEqual(['Welcome back']);
    expect(messages[catalogueKey(['You: ', ['text']])]).toEqual(['You: ', ['text']]);
  }, 120_000);
});

const FIXTURE = `
export function Card({ busy, count }: { busy: boolean; count: number }) {
  const { t } = useLingui();
  return (
    <section className="p-2" data-testid="card" aria-label="Trip card" title={t\`Your trip\`}>
      Hello there
      <Trans>Plan your trip</Trans>
      {busy ? 'Saving…' : t\`Save\`}
      {count > 1 && 'several'}
      {' – '}
      <input type="text" placeholder="Search" name="query" />
      <img alt={t\`Map\`} src="/map.png" />
      <Button confirmLabel={\`Delete \${count}\`} variant="danger" />
    </section>
  );
}
`;

describe('the lint rule against literal text in components', () => {
  const linter = new Linter({ configType: 'flat' });
  const config = [
    {
      files: ['**/*.tsx'],
      languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } },
      plugins: { tripcrew: tripcrewPlugin },
      rules: { 'tripcrew/no-literal-ui-text': 'error' },
    },
  ];

  it('reports JSX text, user-facing attributes and literal children, not markup or macros', () => {
    const found = linter
      .verify(FIXTURE, config, { filename: 'card.tsx' })
      .map((problem) => `${problem.line}:${problem.message.split(':')[0]}`);
    expect(found).toEqual([
      '5:Literal aria-label "Trip card"',
      '6:Literal text "Hello there"',
      '8:Literal text "Saving…"',
      '9:Literal text "several"',
      '11:Literal placeholder "Search"',
      '13:Literal confirmLabel "Delete …"',
    ]);
  });

  it("runs in `npm run lint` on the web app's components, not on their tests", async () => {
    const eslint = new ESLint({ cwd: root });
    const literal = 'export const Hint = () => <p title="Hint">Saved</p>;\n';
    const [component] = await eslint.lintText(literal, { filePath: join(root, 'apps/web/src/lib/hint.tsx') });
    expect(component.messages.map((m) => m.ruleId)).toEqual([
      'tripcrew/no-literal-ui-text',
      'tripcrew/no-literal-ui-text',
    ]);
    const [test] = await eslint.lintText(literal, { filePath: join(root, 'apps/web/src/lib/hint.test.tsx') });
    expect(test.messages.filter((m) => m.ruleId === 'tripcrew/no-literal-ui-text')).toEqual([]);
    // Hooks and the components' .ts helpers too, not their tests.
    const constant = "export const SAVE_FAILED_TEXT = 'Could not save';\n";
    for (const path of [
      'apps/web/src/modules/crew/api/use-crew.ts',
      'apps/web/src/modules/crew/components/crew-text.ts',
    ]) {
      const [hook] = await eslint.lintText(constant, { filePath: join(root, path) });
      expect(hook.messages.map((m) => m.ruleId)).toContain('tripcrew/no-literal-ui-text');
    }
    const [hookTest] = await eslint.lintText(constant, {
      filePath: join(root, 'apps/web/src/modules/crew/api/use-crew.test.ts'),
    });
    expect(hookTest.messages.filter((m) => m.ruleId === 'tripcrew/no-literal-ui-text')).toEqual([]);
  }, 60_000);
});
