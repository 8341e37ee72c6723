/**
 * A test-only page for the engine suite, on the preview server's origin but never in dist/:
 * Playwright answers its two addresses itself, with the headers the server sends for the app's
 * own page, so the suite's worker runs under the policy `npm start` serves. The suite is bundled
 * with Vite, its import of the worker resolved to the worker that `vite build` put in dist/.
 */
import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { build, type Plugin, type Rolldown } from 'vite';
import { FIXTURE_URL } from '../engine-suite/suite.ts';

const PAGE = '__engine-suite/';
const WORKER_IMPORT = /workers\/duckdb\.worker\.ts\?worker&url$/;

/** The address of the built DuckDB worker, as the app's own bundle refers to it. */
function builtWorker(): string {
  const found = readdirSync('dist/assets').filter((f) => /^duckdb\.worker-[\w-]+\.js$/.test(f));
  if (found.length !== 1) throw new Error(`Expected one built engine worker, found ${found}.`);
  return `/assets/${found[0]}`;
}

function useBuiltWorker(): Plugin {
  const id = '\0built-engine-worker';
  return {
    name: 'engine-suite-built-worker',
    enforce: 'pre',
    resolveId: (source) => (WORKER_IMPORT.test(source) ? id : null),
    load: (source) => (source === id ? `export default ${JSON.stringify(builtWorker())};` : null),
  };
}

/** The suite and the app's engine client as one ES module. */
export async function bundleSuite(): Promise<string> {
  const built = await build({
    configFile: false,
    logLevel: 'warn',
    publicDir: false,
    plugins: [useBuiltWorker()],
    build: {
      // Kept in memory: nothing is written, and dist/ is left as `vite build` made it.
      write: false,
      outDir: join(tmpdir(), 'sift-engine-suite'),
      emptyOutDir: false,
      minify: false,
      lib: { entry: 'tests/engine-suite/browser-entry.ts', formats: ['es'], fileName: 'suite' },
    },
  });
  const outputs = [built].flat() as Rolldown.RolldownOutput[];
  const chunks = outputs.flatMap((o) => o.output).filter((o) => o.type === 'chunk');
  if (chunks.length !== 1) throw new Error(`Expected one bundle, got ${chunks.length}.`);
  return chunks[0]!.code;
}

/** Serves the page and its script in `context`; returns the page's address. */
export async function serveSuitePage(
  context: BrowserContext,
  baseUrl: string,
  script: string,
): Promise<string> {
  const html = `<!doctype html><meta charset="utf-8"><title>Engine suite</title><script type="module" src="/${PAGE}suite.js"></script>`;
  await context.route(`${baseUrl}${PAGE}**`, async (route) => {
    const app = await route.fetch({ url: baseUrl });
    const url = new URL(route.request().url());
    if (url.pathname.startsWith(FIXTURE_URL)) {
      const path = decodeURIComponent(url.pathname.slice(FIXTURE_URL.length));
      if (path.includes('..')) return route.fulfill({ status: 404 });
      const body = await readFile(join('tests/fixtures', path)).catch(() => null);
      return route.fulfill(
        body ? { status: 200, body, contentType: 'application/octet-stream' } : { status: 404 },
      );
    }
    const isScript = route.request().url().endsWith('.js');
    await route.fulfill({
      status: 200,
      headers: {
        ...app.headers(),
        'content-type': isScript ? 'text/javascript' : 'text/html; charset=utf-8',
      },
      body: isScript ? script : html,
    });
  });
  return `${baseUrl}${PAGE}index.html`;
}
