import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig } from 'vitest/config';
import { E2E_WORKERS } from './tests/e2e/workers.ts';
import SlowFirst from './tests/slow-first.ts';

export default defineConfig({
  test: {
    reporters: ['default', './tests/summary-reporter.ts'],
    // Vitest's default on two cores is one: the Node files and two browser files share them.
    maxWorkers: E2E_WORKERS,
    // The longest files first, the short ones filling in around them (tests/slow-first.ts).
    sequence: { sequencer: SlowFirst },
    projects: [
      {
        // The state classes (`*.svelte.ts`) use runes, which only Svelte's compiler understands.
        plugins: [svelte()],
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          // Threads start a file faster than processes: 24 s for the unit files against 33 s
          // (measured 2026-12-03, two cores).
          pool: 'threads',
          // One module graph per worker, not per file: the unit files took 12.8 s instead of
          // 26.6 s, and the suite's imports 23 s instead of 61 s (2026-12-03). Their state is in
          // the objects each test builds (createApp), not in modules.
          isolate: false,
          testTimeout: 60_000,
        },
      },
      {
        plugins: [svelte()],
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          // Processes: in a thread pool's worker, the web-worker shim under duckdb-wasm's Node build
          // takes itself for DuckDB's worker ("Cannot destructure property 'mod' of
          // 'workerData'", @duckdb/web-worker cjs/node.js) and no engine file starts.
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          // The page does the work and the file only drives it, which a thread does as well as a
          // process (the whole run took as long either way, 2026-12-03), starting sooner.
          pool: 'threads',
          // As for the unit files: each file connects to the run's Chromium and opens its own
          // contexts (tests/e2e/browser.ts); nothing of a page lives in a module.
          isolate: false,
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        // Minutes of DuckDB work, and a second production build: `npm run test:stress`, which
        // CI runs after `npm test` (docs/tests.md).
        test: {
          name: 'stress',
          include: ['tests/stress/**/*.test.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 300_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
