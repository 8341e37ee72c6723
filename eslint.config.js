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
/** The core's files outside its folders, which any of them may import. */
const CORE_SHARED = [
  'src/core/closest.ts',
  'src/core/errors.ts',
  'src/core/file-name.ts',
  'src/core/ids.ts',
  'src/core/zod-setup.ts',
];

/** A folder of the core: it may import the shared files, the folders it names, and itself. */
const coreFolder = (folder, below) => ({
  name: `src/core/${folder}`,
  files: [`src/core/${folder}/`],
  may: [...CORE_SHARED, ...below.map((f) => `src/core/${f}/`), `src/core/${folder}/`],
  packages: ['zod'],
});

const LAYERS = [
  // The core: plain TypeScript, run in Node by the unit tests, its only library zod. Each folder
  // imports only the folders listed before it here, so they never import each other in a loop
  // (issue 47; ARCHITECTURE.md, Layers). A new folder must be listed to be allowed at all.
  {
    name: 'src/core (shared)',
    files: CORE_SHARED,
    may: CORE_SHARED,
    packages: ['zod'],
  },
  // The engine contract, cells, CSV text, column types.
  coreFolder('data', []),
  // The Messages API as Sift speaks it.
  coreFolder('model', []),
  // SQL Sift writes or checks.
  coreFolder('sql', ['data']),
  // How a file is read, as pure rules.
  coreFolder('reading', ['data', 'sql']),
  // The kinds of item a turn shows.
  coreFolder('items', ['data']),
  // An answer's figures and their checks.
  coreFolder('figures', ['data']),
  // The event union and the view folded from it.
  coreFolder('events', ['data', 'model', 'items', 'figures']),
  // The checks a Vega-Lite spec passes.
  coreFolder('charts', ['data', 'sql', 'events']),
  // validate_finding's SQL and statistics.
  coreFolder('validation', ['data', 'sql', 'events']),
  // One file per tool, the registry, ToolSet.
  coreFolder('tools', [
    'data',
    'model',
    'sql',
    'items',
    'figures',
    'events',
    'charts',
    'validation',
  ]),
  // The turn.
  coreFolder('agent', ['data', 'model', 'sql', 'items', 'figures', 'events', 'charts', 'tools']),
  // The report.
  coreFolder('report', ['data', 'model', 'sql', 'items', 'figures', 'events', 'charts', 'tools']),
  // Session records, archive, tab messages, recovery.
  coreFolder('session', ['data', 'model', 'reading', 'items', 'events']),
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
  // The tools are handed to whoever needs them (the analyst by the composition root; issue 47):
  // nothing else reads Sift's list, so a turn, a test or a benchmark runs the tools it is given.
  {
    files: ['src/**', 'workers/**'],
    ignores: ['src/core/tools/**', 'src/app.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/tools/registry.ts'],
              message:
                "Sift's tools are handed in (AgentOptions.tools, a ToolSet) by the composition root, src/app.ts: ARCHITECTURE.md, Layers.",
            },
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
