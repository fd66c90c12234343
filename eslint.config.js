// @ts-check
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import switchboard from './scripts/eslint/feature-boundaries.js';

const dbPackage = {
  group: ['@switchboard/db', '@switchboard/db/*', '**/packages/db/**'],
  message:
    'Only *.repo.ts files, migrations, the seed, the database handle and packages/testing touch the database package.',
};
const serverCode = {
  group: ['@switchboard/server', '@switchboard/server/*', '**/apps/server/**'],
  message: 'The web app never imports server code; share through packages/contract or packages/core.',
};
const appLevel = {
  group: ['@switchboard/*', '!@switchboard/core', '**/apps/**'],
  message: 'contract, core and formula import nothing app-level.',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'coverage/**',
      'e2e/screenshots/**',
      'packages/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  ...tseslint.configs.stylisticTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/restrict-template-expressions': [
        'error',
        { allowNumber: true, allowBoolean: true },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-definitions': 'off',
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      'no-console': 'error',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // Scripts, benchmarks and CLIs talk to a person on the terminal.
    files: ['scripts/**', 'bench/**', 'apps/server/src/cli/**', 'apps/server/src/main.ts'],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The browser console is where the spec's "only logged" failures go.
      'no-console': ['error', { allow: ['warn', 'error'] }],
      'no-restricted-imports': ['error', { patterns: [serverCode, dbPackage] }],
    },
  },
  {
    // A web feature uses another only through that feature's index (features/<area>/index.ts).
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    plugins: { switchboard },
    rules: {
      'switchboard/feature-boundaries': [
        'error',
        { featuresDir: path.join(import.meta.dirname, 'apps/web/src/features') },
      ],
    },
  },
  {
    files: ['apps/server/**/*.ts'],
    // Tests may read tables directly to check what was persisted.
    ignores: [
      '**/*.repo.ts',
      '**/*.test.ts',
      '**/*.test-support.ts',
      'apps/server/src/platform/database.ts',
      'apps/server/src/cli/**',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            dbPackage,
            {
              group: ['../*/*.repo', '../*/*.routes', '../../features/*/*.repo', '../../features/*/*.routes'],
              message: 'A feature reaches another feature only through its service exports.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/contract/**/*.ts', 'packages/core/**/*.ts', 'packages/formula/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [appLevel] }] },
  },
  {
    files: ['packages/core/**/*.ts', 'packages/formula/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [appLevel, { group: ['@switchboard/*'], message: 'core and formula are leaves.' }] },
      ],
    },
  },
  {
    files: [
      '**/*.test.ts',
      '**/*.test-support.ts',
      '**/*.test.tsx',
      'e2e/**',
      'bench/**',
      'packages/testing/**',
    ],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
);
