/**
 * Builds bench/harness (a bare DuckDB-WASM page, same bundles as the app) into bench/out/harness
 * and serves it three times: with the app's own security headers (CSP included), without any, and
 * with them plus cross-origin isolation (for the threaded bundle).
 */
import { fileURLToPath } from 'node:url';
import { openBrowser } from './browser.mjs';

const HERE = fileURLToPath(new URL('../harness/', import.meta.url));
const OUT = fileURLToPath(new URL('../out/harness/', import.meta.url));

export async function buildAndServeHarness(repoRoot) {
  const { build, preview, loadConfigFromFile } = await import('vite');
  // The app's own headers (CSP included) come from its plugin (build/security-headers-plugin.ts).
  const loaded = await loadConfigFromFile(
    { command: 'serve', mode: 'production', isPreview: true },
    undefined,
    repoRoot,
  );
  const security = (loaded?.config?.plugins ?? [])
    .flat(Infinity)
    .find((p) => p?.name === 'sift:security-headers');
  if (!security) throw new Error('vite.config has no security-headers plugin to copy.');
  // Cross-origin isolation, which DuckDB's threaded (coi) bundle needs for SharedArrayBuffer.
  const isolated = {
    name: 'bench:cross-origin-isolated',
    configurePreviewServer(server) {
      server.middlewares.use((_req, res, next) => {
        res.setHeader('Cross-Origin-Embedder-Policy', 'require-corp');
        res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
        next();
      });
    },
  };
  const common = {
    root: HERE,
    base: './',
    configFile: false,
    logLevel: 'warn',
    build: { outDir: OUT, emptyOutDir: true, target: 'es2022', chunkSizeWarningLimit: 4096 },
  };
  await build(common);
  const csp = await preview({ ...common, plugins: [security], preview: { port: 0 } });
  const plain = await preview({ ...common, preview: { port: 0 } });
  const coi = await preview({ ...common, plugins: [security, isolated], preview: { port: 0 } });
  return {
    url: csp.resolvedUrls.local[0],
    noCspUrl: plain.resolvedUrls.local[0],
    coiUrl: coi.resolvedUrls.local[0],
    close: async () => {
      await csp.close();
      await plain.close();
      await coi.close();
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
