/**
 * What the resilient engine (resilient-engine.ts) is built from: an instance of DuckDB booted on
 * memory or on a database file, how it ends, the kept database files, and the boot's retries.
 */
import type {
  KeptDatabase,
  TableEngine,
  TableInfo,
  TableProfile,
  WantedTable,
} from '../src/core/data/engine.ts';

/** One booted DuckDB with the engine over it; `dispose` ends it for good (terminates its worker). */
export interface EngineInstance {
  engine: TableEngine;
  dispose(): void;
  /**
   * Ends the instance but keeps its database file, for the next instance to reopen: the tables in
   * it need not be read again from their files. Returns the file, or null when there is none (a
   * database in memory), which is then ended as by `dispose`.
   */
  handOver?(): string | null;
  /** The database file the instance keeps its tables in; null in memory. */
  path?: string | null;
  /**
   * Present when the instance reopened a database file: takes on the tables it holds as they were
   * loaded (adopt-tables.ts). Those not taken are read again.
   */
  adopt?(wanted: WantedTable[]): Promise<TableInfo[]>;
  /** Present when the instance keeps its tables in a database file (engine.ts, keepProfile). */
  keepProfile?(profile: TableProfile): Promise<void>;
  /**
   * Opens the database file at `path` in this instance's DuckDB, without booting another: for an
   * instance in memory that holds nothing yet (a session opened). This instance is then done with,
   * and must not be ended (the one returned is); null when it cannot (an instance on a file).
   */
  reopenHere?(path: string): Promise<EngineInstance | null>;
}

/** The database files kept for stored sessions (work-database.ts); none where there is no OPFS. */
export interface DatabaseFiles {
  path(database: string): string;
  /** The name of the database file at `path` (what `path` was given). */
  name(path: string): string | undefined;
  exists(database: string): Promise<boolean>;
  list(): Promise<KeptDatabase[]>;
  forget(keep: string[]): Promise<void>;
}

/** How to boot: on the database file an ended instance handed over, or where the tables go. */
export interface BootOptions {
  reopen?: string;
  /** Memory (the default), or a database file of its own where the tab can (work-database.ts). */
  storage?: 'file' | 'memory';
}

/**
 * The share of DuckDB's memory limit past which a session's files go to a database file. In
 * memory, a byte of CSV takes about a byte of DuckDB's memory (core/data/room.ts) and loads fast;
 * in a file it is compressed and paged, so the tab peaks at half the memory for 1 GB and a 5 GB
 * file loads, but the load takes 1.14× the time at 100 MB and 1.78× at 1 GB (ARCHITECTURE.md,
 * Facts: memory first, a file past a share). A quarter of the limit (about 790 MB of 3.1 GiB) keeps the common file
 * fast and leaves the rest of the limit to queries, which cannot spill.
 */
export const FILE_AT = 0.25;

export interface ResilienceOptions {
  /** Time past a query's own limit before DuckDB is taken to be stuck. */
  graceMs?: number;
  /** How long the liveness probe may take. */
  probeMs?: number;
  /** Boots tried before a failure is reported, and the pause that grows between them. */
  bootTries?: number;
  bootPauseMs?: number;
  /**
   * Where the tables go: `auto` keeps them in memory until the session's files pass `FILE_AT`,
   * then moves to a database file (and back to memory at the next reset); `file` always uses a
   * file where the tab can (the engine suite, so that every case runs on one).
   */
  tables?: 'auto' | 'file';
  /** Where kept database files are found; without it none is kept or reopened (Node). */
  databases?: DatabaseFiles;
}

export type Settled<T> = { done: true; value: T } | { done: false };

export function within<T>(work: Promise<T>, ms: number): Promise<Settled<T>> {
  if (!Number.isFinite(ms)) return work.then((value) => ({ done: true, value }));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<Settled<T>>((resolve) => {
    timer = setTimeout(() => resolve({ done: false }), ms);
  });
  return Promise.race([work.then((value) => ({ done: true as const, value })), late]).finally(() =>
    clearTimeout(timer),
  );
}

/**
 * Boots, retrying a failed boot `tries` times with a growing pause: a wasm fetch that failed
 * once (a flaky connection, a server restarting) should not leave the page without an engine.
 */
export async function bootWithRetries(
  boot: (options?: BootOptions) => Promise<EngineInstance>,
  tries: number,
  pauseMs: number,
  options?: BootOptions,
): Promise<EngineInstance> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await boot(options);
    } catch (e) {
      if (attempt >= tries) throw e;
      await new Promise((r) => setTimeout(r, pauseMs * attempt));
    }
  }
}
