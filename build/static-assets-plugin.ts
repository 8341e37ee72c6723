/**
 * How `npm start` serves what the build wrote. Vite's preview server sends every file with
 * `Cache-Control: no-cache` and leaves the wasm uncompressed (34 MB on every cold start, issue
 * 15). Files under /assets/ carry a content hash in their names and never change, so they go out
 * with a year's immutable caching — a return visit takes DuckDB's wasm, and the code V8 compiled
 * from it, from the browser's cache — and, where the browser accepts it, as the Brotli or gzip
 * copy the build wrote beside them (vite-plugin-compression2). `dist/_headers` says the same to
 * static hosts that read it.
 */
import { resolve } from 'node:path';
import sirv from 'sirv';
import type { Plugin } from 'vite';

export const IMMUTABLE = 'public, max-age=31536000, immutable';

export function staticAssetsPlugin(): Plugin {
  return {
    name: 'sift:static-assets',
    configurePreviewServer(server) {
      const dir = resolve(server.config.root, server.config.build.outDir, 'assets');
      const assets = sirv(dir, {
        brotli: true,
        gzip: true,
        etag: true,
        maxAge: 31536000,
        immutable: true,
      });
      // Mounted at /assets: what it cannot find falls through to Vite (and its 404).
      server.middlewares.use('/assets', (req, res, next) => assets(req, res, next));
    },
  };
}
