import js from '@eslint/js';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';
import ts from 'typescript-eslint';
import svelteConfig from './svelte.config.js';

export default ts.config(
  { ignores: ['dist/', 'node_modules/', 'bench/out/', 'tests/fixtures/generated/', '.scratch/'] },
  js.configs.recommended,
  ...ts.configs.recommended,
  ...svelte.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: {
      parserOptions: {
        projectService: true,
        extraFileExtensions: ['.svelte'],
        parser: ts.parser,
        svelteConfig,
      },
    },
  },
  {
    // The core runs in Node tests with a scripted model: no browser, framework or storage import.
    files: ['src/core/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['svelte', 'svelte/*'], message: 'src/core must not depend on Svelte.' },
            { group: ['idb', 'idb/*'], message: 'src/core must not touch IndexedDB.' },
            { group: ['comlink'], message: 'src/core must not know about workers.' },
            {
              group: ['@duckdb/*', 'apache-arrow'],
              message: 'src/core takes engines as interfaces.',
            },
            {
              group: ['vega-embed', 'vega', 'vega-lite'],
              message: 'Rendering belongs in adapters.',
            },
            {
              group: ['**/adapters/**', '**/state/**', '**/components/**', '**/workers/**'],
              message: 'src/core must not import the layers above it.',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        ...['window', 'document', 'navigator', 'localStorage', 'indexedDB', 'Worker', 'fetch'].map(
          (name) => ({
            name,
            message: 'src/core runs in Node: take what you need as an injected interface.',
          }),
        ),
      ],
    },
  },
);
