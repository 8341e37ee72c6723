import { defineConfig } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { constants } from 'node:zlib';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { duckdbGluePlugin } from './build/duckdb-glue-plugin.ts';
import { VitePWA } from 'vite-plugin-pwa';
import { preloadPagePlugin } from './build/preload-page-plugin.ts';
import { pwaOptions } from './build/pwa.ts';
import { securityHeadersPlugin } from './build/security-headers-plugin.ts';
import { staticAssetsPlugin } from './build/static-assets-plugin.ts';

// Origins besides the Anthropic API the page may call (a gateway, the tests' mock), separated by
// spaces: `SIFT_CONNECT_SRC=https://gateway.example npm start`. The CSP refuses all others.
const connect = (process.env.SIFT_CONNECT_SRC ?? '').split(/\s+/).filter(Boolean);
// For hosts that cannot send headers: `SIFT_META_CSP=1 npm run build` writes the policy into
// index.html. Not by default, so the headers stay the one source (and the tests' mock, on a port
// chosen at run time, can be allowed).
const meta = process.env.SIFT_META_CSP === '1';

export default defineConfig({
  plugins: [
    svelte(),
    duckdbGluePlugin(),
    preloadPagePlugin(),
    securityHeadersPlugin({ connect, meta }),
    staticAssetsPlugin(),
    VitePWA(pwaOptions),
    // Brotli and gzip copies beside each asset, for servers that send them (npm start does).
    // Brotli at 9, not 11: DuckDB's 34 MB wasm shrinks to 5.9 MB in 4 s instead of 6 MB in a minute.
    compression({
      include: /\.(html|css|js|mjs|json|svg|wasm)$/,
      threshold: 1024,
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      logLevel: 'silent',
    }),
  ],
  // DuckDB's worker script is imported by our engine worker, which Vite bundles apart.
  worker: {
    format: 'es',
    plugins: () => [duckdbGluePlugin()],
    rollupOptions: { checks: { bundlerTimings: false } },
  },
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 2048,
    rollupOptions: {
      // The compression plugin's few seconds on DuckDB's wasm are expected, not worth a report
      // (a newcomer read the yellow [PLUGIN_TIMINGS] line as a problem, issue 33). Rolldown
      // renamed the check `bundlerTimings`; the old name no longer silences it.
      checks: { bundlerTimings: false },
      // duckdb-wasm's bundled Emscripten glue contains a direct `eval`; our CSP refuses it should it
      // ever run. The warning is not ours to fix, so it is not printed on every build.
      onwarn(warning, warn) {
        if (warning.code === 'EVAL' && warning.id?.includes('@duckdb/duckdb-wasm')) return;
        warn(warning);
      },
    },
  },
  preview: { port: 4173 },
});
