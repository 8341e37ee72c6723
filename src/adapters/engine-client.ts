/** The page's handle on the DuckDB worker: the one place the worker is wrapped with Comlink. */
import * as Comlink from 'comlink';
import type { SiftEngine } from '../core/data/engine.ts';
import engineWorker from '../../workers/duckdb.worker.ts?worker&url';
import { startBlobWorker } from './blob-worker.ts';

export function startEngine({ tables = 'auto' }: { tables?: 'auto' | 'file' } = {}): SiftEngine {
  // The worker reads where its tables go from its name (workers/duckdb.worker.ts).
  const worker = startBlobWorker(new URL(engineWorker, import.meta.url), {
    type: 'module',
    name: tables === 'file' ? 'duckdb tables=file' : 'duckdb',
  });
  const remote = Comlink.wrap<SiftEngine>(worker);
  return {
    info: () => remote.info(),
    // Progress callbacks cross the boundary as Comlink proxies; Files are structured-cloned
    // (a File clone shares the underlying data, nothing is copied).
    load: (files, onProgress, names, reads) =>
      remote.load(files, onProgress && Comlink.proxy(onProgress), names, reads),
    query: (sql, options) => remote.query(sql, options),
    // The file comes back as a Blob: cloned by reference, its bytes not copied.
    exportCsv: (sql, options) => remote.exportCsv(sql, options),
    cancel: (id) => remote.cancel(id),
    profile: (table, options, onColumn) =>
      remote.profile(table, options, onColumn && Comlink.proxy(onColumn)),
    tables: () => remote.tables(),
    dropTable: (name) => remote.dropTable(name),
    reset: (keep) => remote.reset(keep),
    // The Files cross as clones of their handles, as for `load`.
    reopen: (database, wanted) => remote.reopen(database, wanted),
    databases: () => remote.databases(),
    forgetDatabases: (keep) => remote.forgetDatabases(keep),
  };
}
