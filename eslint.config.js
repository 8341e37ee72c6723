import js from '@eslint/js';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';
import ts from 'typescript-eslint';
import svelteConfig from './svelte.config.js';

/** Browser globals only adapters may touch: everyone else is handed what they need. */
const BROWSER_GLOBALS = [
  'window',
  'document',
  'navigator',
  'location',
  'history',
  'localStorage',
  'sessionStorage',
  'indexedDB',
  'BroadcastChannel',
  'Worker',
  'fetch',
  'addEventListener',
  'removeEventListener',
];
const browserOnly = (message, allowed = []) =>
  BROWSER_GLOBALS.filter((name) => !allowed.includes(name)).map((name) => ({ name, message }));

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
  // Layers (ARCHITECTURE.md): core ← adapters ← state ← components, joined only in src/app.ts.
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
            {
              group: ['**/app.ts', '**/browser-platform.ts'],
              message: 'Only main.ts builds the app.',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        ...browserOnly('src/core runs in Node: take what you need as an injected interface.'),
      ],
    },
  },
  {
    // Adapters are the browser's side: they implement what state asks for and know nothing of it.
    files: ['src/adapters/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/state/**', '**/components/**'],
              message:
                'Adapters must not import the page state or components: state asks for adapters through the interfaces in state/ports.ts.',
            },
            {
              group: ['**/app.ts', '**/browser-platform.ts'],
              message: 'Only main.ts builds the app.',
            },
          ],
        },
      ],
    },
  },
  {
    // State is handed its adapters (state/ports.ts): it may name their types, never their code.
    files: ['src/state/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/adapters/**'],
              allowTypeImports: true,
              message:
                'State gets adapters through its constructor (see state/ports.ts and src/app.ts); import their types only.',
            },
            { group: ['**/components/**'], message: 'State must not import components.' },
            {
              group: ['**/workers/**'],
              message: 'State reaches the worker through the SiftEngine interface.',
            },
            {
              group: ['idb', 'idb/*', 'comlink', '@duckdb/*', '@anthropic-ai/*', 'vega', 'vega-*'],
              message: 'State uses libraries through adapters.',
            },
            {
              group: ['**/app.ts', '**/browser-platform.ts'],
              message: 'Only main.ts builds the app.',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        ...browserOnly('State is given the browser through state/ports.ts; use an adapter.'),
      ],
    },
  },
  {
    // Components display state and render with the Markdown and Vega adapters; they never reach
    // the engine, the session store or the model themselves.
    files: ['src/components/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '**/adapters/engine-client*',
                '**/adapters/blob-worker*',
                '**/adapters/session-store*',
                '**/adapters/*anthropic*',
                '**/adapters/model-errors*',
                '**/adapters/session-lock*',
                '**/adapters/session-channel*',
                '**/adapters/rescue-store*',
                '**/adapters/storage*',
                '**/adapters/preferences*',
                '**/adapters/address*',
                '**/adapters/page*',
              ],
              allowTypeImports: true,
              message:
                'Components display state: the engine, the session store, the model and the browser reach them through src/app.ts.',
            },
            { group: ['**/workers/**'], message: 'Components never talk to the worker.' },
            {
              group: ['idb', 'idb/*', 'comlink', '@duckdb/*', '@anthropic-ai/*'],
              message: 'Components never talk to storage, the worker or the model.',
            },
            {
              group: ['**/app.ts', '**/browser-platform.ts'],
              allowTypeImports: true,
              message: 'Components receive the app; only main.ts builds it.',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        ...browserOnly('Components get the browser through state; use an adapter.', ['document']),
      ],
    },
  },
  {
    files: ['workers/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/state/**', '**/components/**', '**/app.ts', '**/browser-platform.ts'],
              message: 'The worker implements SiftEngine and knows nothing of the page.',
            },
          ],
        },
      ],
    },
  },
);
