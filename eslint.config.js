import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';

// Every folder in apps/web/src/features is a feature; a new folder (with its index.ts) is covered without editing this file.
const FEATURES_DIR = new URL('./apps/web/src/features/', import.meta.url);
const features = readdirSync(FEATURES_DIR, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const appLayer = { group: ['**/app/**', '**/app'], message: 'Features do not import the app layer.' };
/** Imports of feature `other` that go past its public index: '../../other/components/X', '../other/api/y', '…/features/other/x'. */
const pastIndex = (other) => ({
  regex: `^(\\.\\./)+(features/)?${other}/.+`,
  message: `Import the ${other} feature through its public index ('…/${other}'), not its files (ADR 020).`,
});

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/.prerender/**',
      '**/node_modules/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'apps/web/src/lib/api/schema.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  // Import boundaries (ADR 020): shared (lib, components, hooks, api) → features → app; the domain imports no app code.
  {
    files: ['apps/web/src/{lib,components,hooks,api}/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/features/**', '**/app/**'], message: 'Shared web code imports no feature and no app code.' }] },
      ],
    },
  },
  // A feature imports the app layer never, and another feature only through its public index.
  ...features.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': ['error', { patterns: [appLayer, ...features.filter((f) => f !== feature).map(pastIndex)] }],
    },
  })),
  {
    files: ['packages/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/apps/**', '@guarita/web', '@guarita/api'], message: 'packages/domain is pure: it imports no app code.' },
          ],
        },
      ],
    },
  },
  // Every API log line goes through pino (ADR 067): levels, request ids, redaction. Scripts and tests may print.
  { files: ['apps/api/src/**/*.ts'], rules: { 'no-console': 'error' } },
);
