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
  {
    // The engine contract, cells, CSV text, column types.
    name: 'src/core/data',
    files: ['src/core/data/'],
    may: [...CORE_SHARED, 'src/core/data/'],
    packages: ['zod'],
  },
  {
    // The Messages API as Sift speaks it.
    name: 'src/core/model',
    files: ['src/core/model/'],
    may: [...CORE_SHARED, 'src/core/model/'],
    packages: ['zod'],
  },
  {
    // SQL Sift writes or checks.
    name: 'src/core/sql',
    files: ['src/core/sql/'],
    may: [...CORE_SHARED, 'src/core/data/', 'src/core/sql/'],
    packages: ['zod'],
  },
  {
    // How a file is read, as pure rules.
    name: 'src/core/reading',
    files: ['src/core/reading/'],
    may: [...CORE_SHARED, 'src/core/data/', 'src/core/sql/', 'src/core/reading/'],
    packages: ['zod'],
  },
  {
    // The kinds of item a turn shows.
    name: 'src/core/items',
    files: ['src/core/items/'],
    may: [...CORE_SHARED, 'src/core/data/', 'src/core/items/'],
    packages: ['zod'],
  },
  {
    // An answer's figures and their checks.
    name: 'src/core/figures',
    files: ['src/core/figures/'],
    may: [...CORE_SHARED, 'src/core/data/', 'src/core/figures/'],
    packages: ['zod'],
  },
  {
    // The event union and the view folded from it.
    name: 'src/core/events',
    files: ['src/core/events/'],
    may: [
      ...CORE_SHARED,
      'src/core/data/',
      'src/core/model/',
      'src/core/items/',
      'src/core/figures/',
      'src/core/events/',
    ],
    packages: ['zod'],
  },
  {
    // The checks a Vega-Lite spec passes.
    name: 'src/core/charts',
    files: ['src/core/charts/'],
    may: [
      ...CORE_SHARED,
      'src/core/data/',
      'src/core/sql/',
      'src/core/events/',
      'src/core/charts/',
    ],
    packages: ['zod'],
  },
  {
    // Validate_finding's SQL and statistics.
    name: 'src/core/validation',
    files: ['src/core/validation/'],
    may: [
      ...CORE_SHARED,
      'src/core/data/',
      'src/core/sql/',
      'src/core/events/',
      'src/core/validation/',
    ],
    packages: ['zod'],
  },
  {
    // One file per tool, the registry, ToolSet.
    name: 'src/core/tools',
    files: ['src/core/tools/'],
    may: [
      ...CORE_SHARED,
      'src/core/data/',
      'src/core/model/',
      'src/core/sql/',
      'src/core/items/',
      'src/core/figures/',
      'src/core/events/',
      'src/core/charts/',
      'src/core/validation/',
      'src/core/tools/',
    ],
    packages: ['zod'],
  },
  {
    // The turn.
    name: 'src/core/agent',
    files: ['src/core/agent/'],
    may: [
      ...CORE_SHARED,
      'src/core/data/',
      'src/core/model/',
      'src/core/sql/',
      'src/core/items/',
      'src/core/figures/',
      'src/core/events/',
      'src/core/charts/',
      'src/core/tools/',
      'src/core/agent/',
    ],
    packages: ['zod'],
  },
  {
    // The report.
    name: 'src/core/report',
    files: ['src/core/report/'],
    may: [
      ...CORE_SHARED,
      'src/core/data/',
      'src/core/model/',
      'src/core/sql/',
      'src/core/items/',
      'src/core/figures/',
      'src/core/events/',
      'src/core/charts/',
      'src/core/tools/',
      'src/core/report/',
    ],
    packages: ['zod'],
  },
  {
    // Session records, archive, tab messages, recovery.
    name: 'src/core/session',
    files: ['src/core/session/'],
    may: [
      ...CORE_SHARED,
      'src/core/data/',
      'src/core/model/',
      'src/core/reading/',
      'src/core/items/',
      'src/core/events/',
      'src/core/session/',
    ],
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
