// The lint rule against literal user-facing text (decision 029), case by case: what it reports in a
// component or hook, and what it leaves alone (markup, macros, ids, addresses).
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import { noLiteralUiText } from '../../scripts/eslint/no-literal-ui-text.mjs';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } },
});

const errors = (...messageIds) => messageIds.map((messageId) => ({ messageId }));

describe('tripcrew/no-literal-ui-text', () => {
  tester.run('user-facing attributes', noLiteralUiText, {
    valid: [
      'const A = () => <input placeholder={t`Search`} className="p-2" type="text" />;',
      'const A = () => <Dialog title={i18n._(SEARCH_TITLE)} data-testid="search-dialog" />;',
      'const A = () => <Field id="email" name="email" autoComplete="username" />;',
      'const A = () => <Card confirmText={t`Delete`} variant="danger" />;',
    ],
    invalid: [
      { code: 'const A = () => <Card emptyText="Nothing here" />;', errors: errors('attribute') },
      { code: 'const A = () => <Dialog modalTitle="Search your location" />;', errors: errors('attribute') },
      { code: 'const A = () => <Toast errorMessage="Failed" />;', errors: errors('attribute') },
      { code: 'const A = () => <Box searchPlaceholder="Find a place" />;', errors: errors('attribute') },
      {
        code: 'const A = ({ empty }) => <Code error={empty ? "Enter the code." : null} />;',
        errors: errors('attribute'),
      },
      {
        code: "const A = () => <Passwords labels={['Password', 'Repeat password']} />;",
        errors: errors('attribute', 'attribute'),
      },
    ],
  });

  tester.run('module-level text constants', noLiteralUiText, {
    valid: [
      'export const SEND_FAILED_TEXT = msg`The message could not be sent.`;',
      "export const STORAGE_KEY = 'user';",
      "export const TOAST_ID = 'register-error';\nconst A = () => <p id={TOAST_ID} />;",
      "export const LEGAL_EMAIL = 'legal@tripcrew.app';\nconst A = () => <a>{LEGAL_EMAIL}</a>;",
      "function A() { const LOCAL_TEXT = 'not module level'; return null; }",
    ],
    invalid: [
      {
        code: "export const SEND_FAILED_TEXT = 'The message could not be sent.';",
        errors: errors('constant'),
      },
      { code: "const SEARCH_MODAL_TITLE = 'Search your location';", errors: errors('constant') },
      { code: "export const WISHLIST_ADD_ERROR = 'Error remove from wishlist';", errors: errors('constant') },
      { code: "export const OFFLINE_HINT = 'You are offline.';", errors: errors('constant') },
      {
        code: "const COMING_SOON = 'Coming soon';\nconst A = () => <Tab hint={COMING_SOON} />;",
        errors: errors('constant'),
      },
      {
        code: "const EMPTY = 'All quiet for now';\nconst A = () => <p>{EMPTY}</p>;",
        errors: errors('constant'),
      },
      {
        code: "const FILL_ALL = 'Please fill in all fields.';\nconst A = () => { toast.warn(FILL_ALL); return null; };",
        errors: errors('constant'),
      },
      {
        code: "const FAILED = 'Failed';\nfunction A({ busy }) { return <Dialog title={busy ? FAILED : ''} />; }",
        errors: errors('constant'),
      },
    ],
  });

  tester.run('defaults, messages set as state, fallbacks and labels given to functions', noLiteralUiText, {
    valid: [
      "function A({ size = 'md', placement = 'top' }) { return null; }",
      "function A() { setStatus('idle'); setTab('crew'); return null; }",
      "const read = (error) => (isApiError(error) ? error.code : 'UNKNOWN');",
      "function A() { const pick = (kind) => kind; return pick('list'); }",
      'function A() { setError(t`Enter your email address.`); return null; }',
    ],
    invalid: [
      {
        code: "function Composer({ placeholder = 'Write a message…', disabledHint = 'Select a chat' }) { return null; }",
        errors: errors('attribute', 'attribute'),
      },
      { code: "function Picker({ label = 'Add emoji' }) { return null; }", errors: errors('attribute') },
      { code: "function A() { setError('Enter a name.'); return null; }", errors: errors('call') },
      {
        code: "function A(error) { setCodeProblem(isApiError(error) ? error.message : 'Try again.'); }",
        errors: errors('call'),
      },
      {
        code: "function A({ email }) { const next = { email: email === '' ? 'Enter your email address.' : undefined }; setErrors(next); }",
        errors: errors('call'),
      },
      {
        code: "export const problemOf = (error) => (isApiError(error) ? error.message : 'Something went wrong.');",
        errors: errors('fallback'),
      },
      {
        code: "const check = (parsed) => parsed.error?.message ?? 'Check the item';",
        errors: errors('fallback'),
      },
      {
        code: "function A() { const button = (label) => <b>{label}</b>; return button('Try again'); }",
        errors: errors('attribute'),
      },
      {
        code: "function errorText(error, fallback) { return fallback; }\nconst A = () => <p>{errorText(null, 'The download failed.')}</p>;",
        errors: errors('attribute'),
      },
    ],
  });
});
