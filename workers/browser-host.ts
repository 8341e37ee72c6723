/**
 * The browser side of the engine host: DuckDB-WASM's own worker started from inside ours, from
 * bundles served by our build (Vite `?url` imports; never a CDN). Our worker runs from a blob:
 * URL, against which Vite's root-relative asset paths do not resolve: every URL handed on is made
 * absolute from this module's own address.
 */
import { AsyncDuckDB, DuckDBDataProtocol, selectBundle, VoidLogger } from '@duckdb/duckdb-wasm';
import ehWasm from '@duckdb/duckdb-wasm/dist/duckdb-eh.wasm?url';
import ehWorker from '@duckdb/duckdb-wasm/dist/duckdb-browser-eh.worker.js?url';
import mvpWasm from '@duckdb/duckdb-wasm/dist/duckdb-mvp.wasm?url';
import mvpWorker from '@duckdb/duckdb-wasm/dist/duckdb-browser-mvp.worker.js?url';
import { startBlobWorker } from '../src/adapters/blob-worker.ts';
import { createEngine } from './engine.ts';
import type { EngineInstance } from './resilient-engine.ts';

const absolute = (url: string) => new URL(url, import.meta.url).href;
const eh = { mainModule: absolute(ehWasm), mainWorker: absolute(ehWorker) };
const mvp = { mainModule: absolute(mvpWasm), mainWorker: absolute(mvpWorker) };

/** A DuckDB of its own, in a worker of its own, that `dispose` terminates. */
export async function bootBrowserEngine(): Promise<EngineInstance> {
  const bundle = await selectBundle({ mvp, eh });
  // A classic worker, as DuckDB builds it; from a blob so it too inherits the page's policy.
  const worker = startBlobWorker(new URL(bundle.mainWorker as string), { name: 'duckdb-wasm' });
  const db = new AsyncDuckDB(new VoidLogger(), worker);
  await db.instantiate(bundle.mainModule);
  await db.open({ query: { queryPollingInterval: 25 } });

  const engine = await createEngine({
    db,
    bundle: bundle.mainModule === eh.mainModule ? 'eh' : 'mvp',
    async registerFile(path, file) {
      // A file handle: DuckDB reads slices of the File on demand, the JS heap holds no copy.
      await db.registerFileHandle(path, file, DuckDBDataProtocol.BROWSER_FILEREADER, true);
    },
    async unregisterFile(path) {
      await db.dropFile(path);
    },
  });
  return { engine, dispose: () => void db.terminate() };
}
