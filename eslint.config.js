import js from '@eslint/js';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';
import ts from 'typescript-eslint';
import svelteConfig from './svelte.config.js';
import { fileURLToPath } from 'node:url';
import layers from './eslint/layers.js';

/**
 * What each layer may import: folders (ending in `/`) and files of this repository, files whose
 * types only it may import, and packages. Anything else is refused (eslint/layers.js).
 */
const LAYERS = [
  {
    // Plain TypeScript, run in Node by the unit tests: its only library is zod.
    name: 'src/core',
    files: ['src/core/'],
    may: ['src/core/'],
    packages: ['zod'],
  },
  {
    // The browser's side: each adapter implements an interface of the state that uses it.
    name: 'src/adapters',
    files: ['src/adapters/'],
    // The worker's entry is imported for its URL only (`?worker&url`, adapters/engine-client.ts).
    may: ['src/core/', 'src/adapters/', 'workers/duckdb.worker.ts'],
    types: ['src/state/ports.ts'],
    packages: [
      '@anthropic-ai/sdk',
      '@codemirror/autocomplete',
      '@codemirror/commands',
      '@codemirror/lang-sql',
      '@codemirror/language',
      '@codemirror/state',
      '@codemirror/view',
      '@lezer/highlight',
      'comlink',
      'dompurify',
      'idb',
      'marked',
      'vega-embed',
      'vega-interpreter',
      'workbox-window',
    ],
  },
  {
    // Handed its adapters by the composition root through state/ports.ts: it imports none.
    name: 'src/state',
    files: ['src/state/'],
    may: ['src/core/', 'src/state/'],
    packages: ['svelte'],
  },
  {
    // Views of the state, rendering with the Markdown (and its figures' marks), Vega and
    // clipboard adapters.
    name: 'src/components',
    files: ['src/components/'],
    may: [
      'src/core/',
      'src/state/',
      'src/components/',
      'src/adapters/markdown.ts',
      'src/adapters/figure-marks.ts',
      'src/adapters/vega.ts',
      'src/adapters/clipboard.ts',
      'src/adapters/report-html.ts',
      // Loaded on demand by SqlInput.svelte (its types, and the dynamic import).
      'src/adapters/sql-editor.ts',
    ],
    types: ['src/app.ts'],
    packages: ['svelte', '@tanstack/svelte-virtual'],
  },
  {
    // The data worker implements SiftEngine (core/data/engine.ts) and knows nothing of the page.
    name: 'workers',
    files: ['workers/'],
    may: ['workers/', 'src/core/', 'src/adapters/blob-worker.ts'],
    packages: ['@duckdb/duckdb-wasm', 'apache-arrow', 'comlink', 'parquet-wasm', 'read-excel-file'],
  },
];

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
  // Layers (ARCHITECTURE.md): core ← adapters ← state ← components, joined only in the
  // composition root (src/app.ts, src/browser-platform.ts, src/main.ts, src/start-app.ts).
  {
    files: ['src/**', 'workers/**'],
    plugins: { layers },
    rules: {
      'layers/imports': [
        'error',
        {
          layers: LAYERS,
          root: fileURLToPath(new URL('.', import.meta.url)),
          // The composition root builds the app from every layer.
          compositionRoot: [
            'src/app.ts',
            'src/browser-platform.ts',
            'src/main.ts',
            'src/start-app.ts',
          ],
        },
      ],
    },
  },
  {
    // The core runs in Node tests with a scripted model: no browser global.
    files: ['src/core/**'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...browserOnly('src/core runs in Node: take what you need as an injected interface.'),
      ],
    },
  },
  {
    files: ['src/state/**'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...browserOnly('State is given the browser through state/ports.ts; use an adapter.'),
      ],
    },
  },
  {
    files: ['src/components/**'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...browserOnly('Components get the browser through state; use an adapter.', ['document']),
      ],
    },
  },
);
