/**
 * The browser side of the engine host: DuckDB-WASM's own worker started from inside ours, from
 * bundles served by our build (Vite `?url` imports; never a CDN). Our worker runs from a blob:
 * URL, against which Vite's root-relative asset paths do not resolve: every URL handed on is made
 * absolute from this module's own address.
 */
import {
  AsyncDuckDB,
  DuckDBAccessMode,
  DuckDBDataProtocol,
  getPlatformFeatures,
  VoidLogger,
} from '@duckdb/duckdb-wasm';
import ehWasm from '@duckdb/duckdb-wasm/dist/duckdb-eh.wasm?url';
import ehWorker from '@duckdb/duckdb-wasm/dist/duckdb-browser-eh.worker.js?url';
import parquetWasmUrl from 'parquet-wasm/esm/parquet_wasm_bg.wasm?url';
import { startBlobWorker } from '../src/adapters/blob-worker.ts';
import { errorMessage } from '../src/core/errors.ts';
import { createEngine } from './engine.ts';
import type { ParquetReader } from './load-parquet.ts';
import { parquetReader } from './parquet-wasm.ts';
import type { BootOptions, EngineInstance } from './resilient-engine.ts';
import {
  databaseName,
  newWorkDatabase,
  removeWorkDatabase,
  workDatabasesAvailable,
} from './work-database.ts';

const absolute = (url: string) => new URL(url, import.meta.url).href;
/**
 * Only the eh bundle (WebAssembly exception handling) is shipped: every browser that runs the
 * rest of Sift has it (Chrome 95, Firefox 100, Safari 15.2), and the mvp fallback doubled the
 * download to 74 MB (issue 15).
 */
const eh = { mainModule: absolute(ehWasm), mainWorker: absolute(ehWorker) };

/** A download that has made no progress for this long, and has not finished, has failed. */
const STALL_MS = 20_000;

/**
 * duckdb-wasm's instantiate never settles when its wasm cannot be fetched (the failed
 * `instantiateStreaming` is not caught inside its worker, checked with duckdb-wasm 1.32), so
 * the boot first asks for the file's headers — a refusal or an HTTP error fails at once — and
 * then gives up on an instantiation that stops making progress.
 */
async function checkReachable(url: string): Promise<void> {
  // Only the status is wanted: the body is left to the instantiation, which streams it. A GET,
  // not a HEAD: the service worker answers only GETs from its cache, and offline a HEAD would
  // fail. The range asks a server for one byte; the cache answers whole, and is cancelled.
  const response = await fetch(url, { headers: { Range: 'bytes=0-0' } });
  void response.body?.cancel().catch(() => {});
  if (!response.ok)
    throw new Error(`DuckDB's engine file could not be downloaded (HTTP ${response.status}).`);
}

function instantiateWatched(db: AsyncDuckDB, url: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    let timer: ReturnType<typeof setTimeout>;
    const watch = () => {
      clearTimeout(timer);
      timer = setTimeout(
        () => reject(new Error('Downloading DuckDB stopped making progress.')),
        STALL_MS,
      );
    };
    watch();
    db.instantiate(url, null, watch).then(
      (value) => (clearTimeout(timer), resolve(value)),
      (e: unknown) => (clearTimeout(timer), reject(e)),
    );
  });
}

/** How long a failed boot waits for DuckDB's worker to finish loading before ending it anyway. */
const SCRIPT_WAIT_MS = 5_000;

/**
 * Resolves once DuckDB's worker has run its script (it answers a ping before any instantiate) or
 * failed to, or after SCRIPT_WAIT_MS. A worker terminated while inside its `importScripts` is
 * reported by Chromium as an uncaught `null` in the page's console, once per failed boot: seen
 * when the engine's range check failed before the 770 kB script had loaded on a busy machine.
 */
function scriptSettled(worker: Worker, db: AsyncDuckDB): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      worker.removeEventListener('error', done);
      resolve();
    };
    const timer = setTimeout(done, SCRIPT_WAIT_MS);
    worker.addEventListener('error', done);
    db.ping().then(done, done);
  });
}

let parquet: Promise<ParquetReader> | null = null;

/**
 * parquet-wasm (5 MB of wasm) is fetched and compiled the first time a Parquet file arrives,
 * never at start: a person who only brings CSV never pays for it.
 */
function loadParquetWasm(): Promise<ParquetReader> {
  parquet ??= import('parquet-wasm/esm').then(async (wasm) => {
    await wasm.default({ module_or_path: absolute(parquetWasmUrl) });
    return parquetReader(wasm);
  });
  // A failed download is tried again with the next file.
  parquet.catch(() => (parquet = null));
  return parquet;
}

/** A DuckDB of its own, in a worker of its own, that `dispose` terminates. */
export async function bootBrowserEngine({
  reopen,
  storage: wanted = 'memory',
}: BootOptions = {}): Promise<EngineInstance> {
  // DuckDB's worker is started first, so that loading and parsing its 770 kB of script overlaps
  // the two checks below rather than following them (issue 15: every step of the boot is on the
  // way to the first result). A classic worker, as DuckDB builds it; from a blob so it too
  // inherits the page's policy.
  const worker = startBlobWorker(new URL(eh.mainWorker), { name: 'duckdb-wasm' });
  const db = new AsyncDuckDB(new VoidLogger(), worker);
  // Found while the wasm downloads, not after it.
  const workPath = wanted === 'file' || reopen ? newWorkDatabase() : Promise.resolve(null);
  let storage: Awaited<ReturnType<typeof openDatabase>>;
  try {
    const [features] = await Promise.all([getPlatformFeatures(), checkReachable(eh.mainModule)]);
    if (!features.wasmExceptions)
      throw new Error(
        'This browser is too old for DuckDB: it lacks WebAssembly exception handling (Chrome 95, Firefox 100 and Safari 15.2 have it).',
      );
    await instantiateWatched(db, eh.mainModule);
    storage = await openDatabase(db, reopen ?? null, await workPath);
  } catch (e) {
    // A boot that failed (too old a browser, the wasm not fetched or compiled) leaves no worker.
    await scriptSettled(worker, db);
    worker.terminate();
    throw e;
  }

  return instanceOn(worker, db, storage);
}

type Opened = Awaited<ReturnType<typeof openDatabase>>;

/** The engine over `db`, opened on `storage`, as an instance the resilient engine can end. */
async function instanceOn(
  worker: Worker,
  db: AsyncDuckDB,
  storage: Opened,
): Promise<EngineInstance> {
  const engine = await createEngine({
    db,
    bundle: 'eh',
    storage: storage.kind,
    fileStorage: workDatabasesAvailable(),
    database: storage.path ? databaseName(storage.path) : undefined,
    warmUp: !storage.reopened,
    async registerFile(path, file) {
      // A file handle: DuckDB reads slices of the File on demand, the JS heap holds no copy.
      await db.registerFileHandle(path, file, DuckDBDataProtocol.BROWSER_FILEREADER, true);
    },
    async registerBuffer(path, bytes) {
      await db.registerFileBuffer(path, bytes);
    },
    async unregisterFile(path) {
      await db.dropFile(path);
    },
    parquet: loadParquetWasm,
  });
  // The worker, not `db.terminate()`: that one also forgets the worker, after which a result
  // stream still being read asks for its next chunk in a loop that never yields, each ask
  // answered at once with nothing (duckdb-wasm 1.32, AsyncResultStreamIterator.next) — this
  // worker would spin until it ran out of memory. A terminated Worker drops what is posted to it,
  // so such a stream just waits for ever, and is collected with the engine.
  return {
    engine,
    dispose: () => {
      worker.terminate();
      if (storage.path) void removeWorkDatabase(storage.path);
    },
    handOver: () => {
      worker.terminate();
      return storage.path;
    },
    path: storage.path,
    adopt: storage.reopened ? (wanted) => engine.adopt(wanted) : undefined,
    keepProfile: storage.path ? (profile) => engine.keepProfile(profile) : undefined,
    // DuckDB's `open` replaces the database of a DuckDB already compiled and started (duckdb-wasm
    // 1.32, WebDB::Open: a new database, every connection closed); booting another would compile
    // its 35 MB of wasm again, 1.8–2.3 s of a session's reopening (bench/reopen.mjs --size 1GB).
    async reopenHere(path) {
      if (storage.path) return null;
      // Idle first: the warm-up abandoned, nothing of this engine's running when its connection goes.
      await engine.reset();
      return instanceOn(worker, db, await openDatabase(db, path, await newWorkDatabase()));
    },
  };
}

const QUERY_CONFIG = { queryPollingInterval: 25 };

/** DuckDB's words for a file that is damaged rather than held (duckdb/src/storage). */
const NOT_A_DATABASE = /not a valid DuckDB database|corrupt|checksum/i;

/**
 * Opens DuckDB on a database file of its own in OPFS (work-database.ts), or in memory where that
 * cannot be: no OPFS (a private window of some browsers), or a file that would not open.
 */
async function openDatabase(
  db: AsyncDuckDB,
  reopen: string | null,
  path: string | null,
): Promise<{ kind: 'file' | 'memory'; path: string | null; reopened: boolean }> {
  if (reopen) {
    // The instance that held it may have just ended (a restart here, a session left in another
    // tab); its lock goes with its worker, not at once (duckdb-wasm#2111), hence a few tries
    // before a file of its own — but none for a file DuckDB says is no database of its own.
    for (let attempt = 0; attempt < 8; attempt++) {
      try {
        await db.open({
          path: reopen,
          accessMode: DuckDBAccessMode.READ_WRITE,
          query: QUERY_CONFIG,
        });
        return { kind: 'file', path: reopen, reopened: true };
      } catch (e) {
        if (NOT_A_DATABASE.test(errorMessage(e))) break;
        await new Promise((r) => setTimeout(r, 100 * (attempt + 1)));
      }
    }
    // Not removed: it may be a session's file that another tab held a while longer, not a
    // damaged one; the session then records the new file, and the page's sweep removes this one
    // once no session names it (work-database.ts, forgetDatabases).
  }
  if (path) {
    try {
      // READ_WRITE said outright: a path opened without an access mode is read-only (duckdb-wasm
      // 1.32, webdb.cc).
      await db.open({ path, accessMode: DuckDBAccessMode.READ_WRITE, query: QUERY_CONFIG });
      return { kind: 'file', path, reopened: false };
    } catch {
      void removeWorkDatabase(path);
    }
  }
  await db.open({ query: QUERY_CONFIG });
  return { kind: 'memory', path: null, reopened: false };
}
