/**
 * Builds bench/harness (a bare DuckDB-WASM page, same bundles as the app) into bench/out/harness
 * and serves it twice: with the app's own security headers (CSP included) and without any.
 */
import { fileURLToPath } from 'node:url';
import { openBrowser } from './browser.mjs';

const HERE = fileURLToPath(new URL('../harness/', import.meta.url));
const OUT = fileURLToPath(new URL('../out/harness/', import.meta.url));

export async function buildAndServeHarness(repoRoot) {
  const { build, preview, loadConfigFromFile } = await import('vite');
  // The app's own preview headers (CSP included), read from its vite.config.
  const loaded = await loadConfigFromFile(
    { command: 'serve', mode: 'production', isPreview: true },
    undefined,
    repoRoot,
  );
  const headers = loaded?.config?.preview?.headers;
  if (!headers?.['Content-Security-Policy'])
    throw new Error('vite.config has no preview CSP header to copy.');
  const common = {
    root: HERE,
    base: './',
    configFile: false,
    logLevel: 'warn',
    build: { outDir: OUT, emptyOutDir: true, target: 'es2022', chunkSizeWarningLimit: 4096 },
  };
  await build(common);
  const csp = await preview({ ...common, preview: { port: 0, headers } });
  const plain = await preview({ ...common, preview: { port: 0 } });
  return {
    headers,
    url: csp.resolvedUrls.local[0],
    noCspUrl: plain.resolvedUrls.local[0],
    close: async () => {
      await csp.close();
      await plain.close();
    },
  };
}

/**
 * The harness page open and `file` chosen in its file input: in a fresh browser, or as a new page
 * of `browser` (then close() closes only the page).
 */
export async function openHarness(url, file, { browser = null } = {}) {
  const b = browser ?? (await openBrowser());
  const page = await b.context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(url);
  await page.waitForSelector('body[data-ready="yes"]');
  if (file) await page.setInputFiles('#file', file);
  return {
    page,
    errors,
    call: (name, ...args) => page.evaluate(([n, a]) => window.harness[n](...a), [name, args]),
    peakRss: () => b.peakRss(),
    cpu: () => b.cpu(),
    close: () => (browser ? page.close() : b.close()),
  };
}
