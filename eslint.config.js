import js from '@eslint/js';
import lingui from 'eslint-plugin-lingui';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { tripcrewPlugin } from './scripts/eslint/no-literal-ui-text.mjs';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '.data-*/**',
      'apps/api/drizzle/**',
      'test-results/**',
      'playwright-report/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // Messages (decision 029): no literal user-facing text in components; Lingui's macros used right.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { lingui, tripcrew: tripcrewPlugin },
    rules: {
      ...lingui.configs['flat/recommended'].rules,
      'lingui/no-single-tag-to-translate': 'error',
      'lingui/no-single-variables-to-translate': 'error',
      'lingui/no-trans-inside-trans': 'error',
      'lingui/no-expression-in-message': 'error',
      'lingui/require-implicit-id': 'error',
    },
  },
  {
    // Components and hooks, not their tests.
    files: ['apps/web/src/**/*.tsx', 'apps/web/src/**/use-*.ts', 'apps/web/src/**/components/**/*.ts'],
    ignores: [
      'apps/web/src/**/*.test.{ts,tsx}',
      'apps/web/src/**/*.stories.tsx',
      'apps/web/src/**/testing/**',
      'apps/web/src/**/*.data.tsx',
    ],
    rules: { 'tripcrew/no-literal-ui-text': 'error' },
  },
  {
    files: ['scripts/**', 'bench/**', '.ci/**', '**/*.config.*'],
    rules: { 'no-console': 'off' },
  },
);
