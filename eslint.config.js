import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
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

// Every folder in apps/api/src/modules is a module (ADR 068); a new one is covered without editing this file.
const API_MODULES = 'apps/api/src/modules';
const apiModules = readdirSync(new URL(`./${API_MODULES}/`, import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

// import-x reads TypeScript sources with the TypeScript parser and resolves './x' to x.ts, x.tsx or x/index.ts.
const importSettings = {
  'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
  'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
  // Not followed: packages, and the domain, which imports no app code (rule below), so no cycle can pass through it.
  'import-x/ignore': ['node_modules', 'packages/domain/'],
  'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
};

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
  // API module boundaries (ADR 068): a module reaches another only through its index.ts; lib/ imports no module.
  {
    files: ['apps/api/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: importSettings,
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...apiModules.map((m) => ({
              target: `./${API_MODULES}/${m}`,
              from: `./${API_MODULES}`,
              except: [`./${m}`, ...apiModules.filter((o) => o !== m).map((o) => `./${o}/index.ts`)],
              message: "Import another module through its index ('../<module>'), not its files (ADR 068).",
            })),
            {
              target: './apps/api/src/lib',
              from: `./${API_MODULES}`,
              message: 'lib/ is shared infrastructure: it imports no module (ADR 068).',
            },
          ],
        },
      ],
    },
  },
  // No import cycles in the web app and the API (type-only imports do not count: they vanish at run time).
  {
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/api/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: importSettings,
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  // Every API log line goes through pino (ADR 067): levels, request ids, redaction. Scripts and tests may print.
  { files: ['apps/api/src/**/*.ts'], rules: { 'no-console': 'error' } },
  // No source file over 400 lines (issue 26, ADR 069): generated code, seed data and tests (e2e included) excepted.
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts', 'bench/**/*.ts'],
    ignores: [
      '**/*.test.{ts,tsx}',
      '**/*.spec.ts',
      'apps/*/test/**',
      'apps/api/fault/**',
      'apps/web/src/lib/api/schema.d.ts',
      'apps/api/src/db/schema.ts',
      '**/seed.ts',
      '**/seed-*.ts',
    ],
    rules: { 'max-lines': ['error', { max: 400 }] },
  },
);
