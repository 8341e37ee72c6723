import { defineConfig } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { fileURLToPath } from 'node:url';
import { securityHeaders } from './security-headers.ts';

// The package's `./blocking` export names a browser file that does not exist; the real
// browser build of the synchronous bindings is this one (see DESIGN.md, facts verified).
const duckdbBlocking = fileURLToPath(
  new URL('./node_modules/@duckdb/duckdb-wasm/dist/duckdb-browser-blocking.mjs', import.meta.url),
);

// Origins besides the Anthropic API the page may call (a gateway, the tests' mock), separated by
// spaces: `SIFT_CONNECT_SRC=https://gateway.example npm start`. The CSP refuses all others.
const connect = (process.env.SIFT_CONNECT_SRC ?? '').split(/\s+/).filter(Boolean);

export default defineConfig({
  plugins: [svelte()],
  resolve: {
    alias: { '@duckdb/duckdb-wasm/blocking': duckdbBlocking },
  },
  worker: { format: 'es' },
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 2048,
    rollupOptions: {
      // duckdb-wasm's bundled Emscripten glue contains a direct `eval`; our CSP refuses it should it
      // ever run. The warning is not ours to fix, so it is not printed on every build.
      onwarn(warning, warn) {
        if (warning.code === 'EVAL' && warning.id?.includes('@duckdb/duckdb-wasm')) return;
        warn(warning);
      },
    },
  },
  server: { headers: securityHeaders({ dev: true, connect }) },
  preview: { port: 4173, headers: securityHeaders({ connect }) },
});
