/**
 * The engine host for Node: duckdb-wasm's own Node build (the same 1.32 wasm the page runs) in a
 * worker thread, with the worker's real engine over it (workers/engine.ts). Node has no Web
 * Worker, and duckdb-wasm's Node worker script talks through `globalThis.onmessage` and
 * `globalThis.postMessage` as a browser worker does, so a few lines bridge the two.
 */
import { createRequire } from 'node:module';
import { Worker as ThreadWorker } from 'node:worker_threads';
import { AsyncDuckDB, selectBundle, VoidLogger } from '@duckdb/duckdb-wasm';
import { createEngine } from '../../workers/engine.ts';
import { parquetReader, type ParquetWasm } from '../../workers/parquet-wasm.ts';
import type { EngineInstance } from '../../workers/resilient-engine.ts';

const require = createRequire(import.meta.url);
const dist = (file: string) => require.resolve(`@duckdb/duckdb-wasm/dist/${file}`);

/**
 * Runs in the thread before duckdb-wasm's script: the worker globals that script expects. The
 * script logs every failed statement, refusals included (as it does to a page's worker console,
 * which nobody reads): the engine returns those failures, so the log is dropped.
 */
const BRIDGE = `
const { parentPort, workerData } = require('node:worker_threads');
console.log = console.error = console.warn = () => {};
globalThis.postMessage = (message, transfer) => parentPort.postMessage(message, transfer);
parentPort.on('message', (data) => globalThis.onmessage?.({ data }));
require(workerData);
`;

type Listener = (event: unknown) => void;

/** The part of the Web Worker API that AsyncDuckDB uses, over a Node worker thread. */
class ThreadAsWebWorker {
  readonly #thread: ThreadWorker;
  readonly #wrapped = new Map<Listener, (value: unknown) => void>();

  constructor(script: string) {
    this.#thread = new ThreadWorker(BRIDGE, { eval: true, workerData: script });
    // A test that forgets to dispose must not keep Node running.
    this.#thread.unref();
  }

  postMessage(message: unknown, transfer: Transferable[] = []): void {
    this.#thread.postMessage(message, transfer as never);
  }

  addEventListener(type: string, listener: Listener): void {
    const wrapped =
      type === 'message' ? (data: unknown) => listener({ data }) : (e: unknown) => listener(e);
    this.#wrapped.set(listener, wrapped);
    this.#thread.on(type === 'close' ? 'exit' : type, wrapped);
  }

  removeEventListener(type: string, listener: Listener): void {
    const wrapped = this.#wrapped.get(listener);
    if (wrapped) this.#thread.off(type === 'close' ? 'exit' : type, wrapped);
    this.#wrapped.delete(listener);
  }

  terminate(): void {
    void this.#thread.terminate();
  }
}

/** A DuckDB of its own, in a thread of its own, with the worker's engine over it. */
export async function bootNodeEngine({
  memoryLimit,
}: {
  /** DuckDB's memory_limit, set before the lockdown: a small one meets the limit with small files. */
  memoryLimit?: string;
} = {}): Promise<EngineInstance & { db: AsyncDuckDB }> {
  const eh = { mainModule: dist('duckdb-eh.wasm'), mainWorker: dist('duckdb-node-eh.worker.cjs') };
  const mvp = {
    mainModule: dist('duckdb-mvp.wasm'),
    mainWorker: dist('duckdb-node-mvp.worker.cjs'),
  };
  const bundle = await selectBundle({ eh, mvp });
  const worker = new ThreadAsWebWorker(bundle.mainWorker as string);
  const db = new AsyncDuckDB(new VoidLogger(), worker as unknown as Worker);
  try {
    await db.instantiate(bundle.mainModule);
    // The page's own options (workers/browser-host.ts).
    await db.open({ query: { queryPollingInterval: 25 } });
    if (memoryLimit) {
      const setup = await db.connect();
      await setup.query(`SET memory_limit = '${memoryLimit}'`);
      await setup.close();
    }
  } catch (e) {
    worker.terminate();
    throw e;
  }
  const engine = await createEngine({
    db,
    bundle: bundle.mainModule === eh.mainModule ? 'eh' : 'mvp',
    async registerFile(path, file) {
      // Node's worker has no FileReaderSync to read a File in slices: DuckDB gets a copy.
      await db.registerFileBuffer(path, new Uint8Array(await file.arrayBuffer()));
    },
    async registerBuffer(path, bytes) {
      await db.registerFileBuffer(path, bytes);
    },
    async unregisterFile(path) {
      await db.dropFile(path);
    },
    // parquet-wasm's Node build: the same wasm as the page's, initialised as it is required.
    parquet: async () => parquetReader(require('parquet-wasm/node') as ParquetWasm),
  });
  // The thread, not `db.terminate()`, as workers/browser-host.ts says why: a stream read after it
  // spins, and in a test run the spin outlived its file and ran the next file out of memory.
  return { engine, db, dispose: () => worker.terminate() };
}
