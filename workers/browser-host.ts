/**
 * The browser side of the engine host: DuckDB-WASM's own worker started from inside ours, from
 * bundles served by our build (Vite `?url` imports; never a CDN).
 */
import { AsyncDuckDB, DuckDBDataProtocol, selectBundle, VoidLogger } from '@duckdb/duckdb-wasm';
import ehWasm from '@duckdb/duckdb-wasm/dist/duckdb-eh.wasm?url';
import ehWorker from '@duckdb/duckdb-wasm/dist/duckdb-browser-eh.worker.js?url';
import mvpWasm from '@duckdb/duckdb-wasm/dist/duckdb-mvp.wasm?url';
import mvpWorker from '@duckdb/duckdb-wasm/dist/duckdb-browser-mvp.worker.js?url';
import type { SiftEngine } from '../src/core/data/engine.ts';
import { createEngine } from './engine.ts';

export async function bootBrowserEngine(): Promise<SiftEngine> {
  const bundle = await selectBundle({
    mvp: { mainModule: mvpWasm, mainWorker: mvpWorker },
    eh: { mainModule: ehWasm, mainWorker: ehWorker },
  });
  const db = new AsyncDuckDB(new VoidLogger(), new Worker(bundle.mainWorker as string));
  await db.instantiate(bundle.mainModule);
  await db.open({ query: { queryPollingInterval: 25 } });

  return createEngine({
    db,
    bundle: bundle.mainModule === ehWasm ? 'eh' : 'mvp',
    async registerFile(path, file) {
      // A file handle: DuckDB reads slices of the File on demand, the JS heap holds no copy.
      await db.registerFileHandle(path, file, DuckDBDataProtocol.BROWSER_FILEREADER, true);
    },
    async unregisterFile(path) {
      await db.dropFile(path);
    },
  });
}
