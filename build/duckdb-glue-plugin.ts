/**
 * Serves DuckDB-WASM's worker script with the edits of duckdb-glue.ts applied, wherever the app
 * imports it with `?url` (workers/browser-host.ts). In a build the patched script is emitted as an
 * asset of its own, so its hashed name follows its patched content and a long-cached copy is
 * never the unpatched one; the dev server answers it from memory.
 */
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import { patchGlue } from './duckdb-glue.ts';

const SCRIPT = 'duckdb-browser-eh.worker.js';
const DEV_PATH = `/@sift/${SCRIPT}`;
const matches = (id: string) => id.replaceAll('\\', '/').endsWith(`/${SCRIPT}?url`);

export function duckdbGluePlugin(): Plugin {
  let serve = false;
  let patched: { file: string; source: string } | null = null;
  const read = (file: string) => {
    if (patched?.file !== file) patched = { file, source: patchGlue(readFileSync(file, 'utf8')) };
    return patched.source;
  };
  let devFile = '';
  return {
    name: 'sift-duckdb-glue',
    enforce: 'pre',
    configResolved(config) {
      serve = config.command === 'serve';
    },
    load(id) {
      if (!matches(id)) return null;
      const file = id.slice(0, -'?url'.length);
      if (serve) {
        devFile = file;
        read(file);
        return `export default ${JSON.stringify(DEV_PATH)};`;
      }
      const ref = this.emitFile({ type: 'asset', name: SCRIPT, source: read(file) });
      return `export default import.meta.ROLLUP_FILE_URL_${ref};`;
    },
    configureServer(server) {
      server.middlewares.use(DEV_PATH, (_req, res, next) => {
        // Asked for before any module imported it: nothing to serve yet.
        if (!devFile) return next();
        res.setHeader('Content-Type', 'text/javascript');
        res.end(read(devFile));
      });
    },
  };
}
