/**
 * One DuckDB's engine, behind the `TableEngine` interface: loading, the guarded query, the profile
 * and the table list, over a DuckDB-WASM instance handed in by its host (browser-host.ts).
 *
 * duckdb-wasm 1.32's synchronous bindings fail every statement with "Max expression depth limit
 * of 0 exceeded" (browser and Node alike, checked 2026-11-22), so the engine drives the async API,
 * whose own worker runs DuckDB, from inside our worker.
 */
import type { AsyncDuckDB } from '@duckdb/duckdb-wasm';
import type {
  EngineInfo,
  ExportOptions,
  ExportResult,
  LoadOutcome,
  LoadProgress,
  ProfileOptions,
  QueryOptions,
  QueryResult,
  ColumnProfile,
  ReadChoice,
  ResultColumn,
  TableEngine,
  TableInfo,
  TableProfile,
  WantedTable,
} from '../src/core/data/engine.ts';
import { tableNameFor } from '../src/core/reading/column-names.ts';
import { errorMessage } from '../src/core/errors.ts';
import { ReadFailure } from '../src/core/reading/csv-failure.ts';
import { HEAD_BYTES, inspectHead } from '../src/core/reading/file-head.ts';
import { headOf, type FileHead } from './gzip-head.ts';
import type { ParquetReader } from './load-parquet.ts';
import { jsonDeps, readFile } from './read-file.ts';
import type { FileRead, ReadDeps } from './read-types.ts';
import { loadWorkbook } from './load-xlsx.ts';
import { profileTable } from '../src/core/sql/profile.ts';
import { rowsOf } from './engine-rows.ts';
import { quoteIdent, quoteLiteral } from '../src/core/sql/sql-text.ts';
import { refusableNames } from '../src/core/sql/table-calls.ts';
import { duckdbBytes } from '../src/core/data/bytes.ts';
import { LOCKDOWN_STATEMENTS, UPLOAD_DIR } from './lockdown.ts';
import { CANCELLED_BEFORE_START, Cancellations, runInTurn } from './cancellations.ts';
import { Interrupted, Stopper } from './pending.ts';
import { serial } from './serial.ts';
import { adoptTables } from './adopt-tables.ts';
import { describeTable, profileFits } from '../src/core/data/table-info.ts';
import { runGuarded, type GuardedRunner } from './guarded-query.ts';
import { runExport } from './export-csv.ts';
import { startWarmUp } from './warm-up.ts';

export interface EngineHost {
  db: AsyncDuckDB;
  bundle: string;
  /** Where DuckDB keeps its tables: a database file (work-database.ts), or memory alone. */
  storage?: 'file' | 'memory';
  /** Whether the tab could keep them in a database file. */
  fileStorage?: boolean;
  /** The database file's name, when the tables are in one (work-database.ts). */
  database?: string;
  /**
   * Whether to warm DuckDB up after boot (warm-up.ts); not for a reopened database file, whose
   * first work is taking its tables back (the person waits for that).
   */
  warmUp?: boolean;
  /** Makes `file` readable by DuckDB at `path` without copying it where the platform allows. */
  registerFile(path: string, file: File): Promise<void>;
  /** Makes bytes already in memory readable by DuckDB at `path` (a copy goes to its worker). */
  registerBuffer(path: string, bytes: Uint8Array): Promise<void>;
  unregisterFile(path: string): Promise<void>;
  /** parquet-wasm, loaded the first time a Parquet file arrives. */
  parquet(): Promise<ParquetReader>;
}

/** The engine, and what its host needs of it beyond the page's interface. */
export type HostedEngine = TableEngine & {
  /**
   * Takes on the tables a reopened database file holds as they were loaded (adopt-tables.ts):
   * after a restart, or reopening a stored session. Returns the tables taken.
   */
  adopt(wanted: WantedTable[]): Promise<TableInfo[]>;
  /**
   * Writes a table's full profile into its database file beside its description, for a session
   * reopened from the file to show it at once (16.9 s of background work for a 1 GB table); a
   * profile of a table that is no longer the one profiled is not written. Nothing in memory.
   */
  keepProfile(profile: TableProfile): Promise<void>;
};

export async function createEngine(host: EngineHost): Promise<HostedEngine> {
  const conn = await host.db.connect();
  let current: Stopper | null = null;
  /** Set when the running operation was cancelled: its later statements must not start. */
  let cancelled = false;
  const book = new Cancellations();
  let fileCounter = 0;
  const tables = new Map<string, TableInfo>();
  /**
   * Full profiles of the tables in a database file, written into the file with the table's
   * description (table-info.ts) and taken back from it at a reopening: a reopened 1 GB table
   * shows its profile at once instead of after 16.9 s of background work (BENCHMARKS.md).
   */
  const profiles = new Map<string, TableProfile>();

  /** One operation at a time: the worker has one connection and DuckDB-WASM one thread. */
  const exclusive = serial();

  async function exec(sql: string, stop: Stopper = new Stopper()) {
    current = stop;
    if (cancelled) stop.stop('cancelled');
    try {
      return rowsOf(await stop.run(conn, sql));
    } finally {
      current = null;
    }
  }

  // One round trip to DuckDB's worker, not six: DuckDB runs a script statement by statement and
  // answers with the last one's result. Each round trip cost ~15 ms of the boot (issue 15).
  const [{ v: version, m: memoryLimit } = { v: 'unknown', m: null }] = rowsOf(
    (
      await conn.query(
        [
          ...LOCKDOWN_STATEMENTS,
          "SELECT version() AS v, current_setting('memory_limit') AS m",
        ].join(';\n'),
      )
    ).batches,
  );
  const memoryLimitBytes = duckdbBytes(memoryLimit);

  async function describe(table: string): Promise<ResultColumn[]> {
    const rows = await exec(`DESCRIBE ${quoteIdent(table)}`);
    return rows.map((r) => ({ name: String(r.column_name), type: String(r.column_type) }));
  }

  const reading: ReadDeps = {
    exec: (sql) => exec(sql),
    pathFor(fileName, gzip) {
      // DuckDB tells gzip by the name's ending: a gzip file named otherwise is given one, and a
      // file that is not (or no longer: made UTF-8 from one, read-file.ts) loses it.
      let safeName = fileName.replace(/[^\w.-]+/g, '_');
      if (!gzip) safeName = safeName.replace(/\.gz$/i, '');
      const ending = gzip && !/\.gz$/i.test(safeName) ? '.gz' : '';
      return `${UPLOAD_DIR}${++fileCounter}-${safeName}${ending}`;
    },
    registerFile: (path, file) => host.registerFile(path, file),
    registerBuffer: (path, bytes) => host.registerBuffer(path, bytes),
    unregisterFile: (path) => host.unregisterFile(path),
    parquet: () => host.parquet(),
    insertArrow: (table, ipc, create) =>
      conn.insertArrowFromIPCStream(ipc, { name: table, create }),
  };

  /**
   * `alone`: the file is the only one of a load into an empty database, and becomes `data`.
   * Files that come together are each named for their file: a person should not have to guess
   * which of them became `data`.
   */
  async function loadOne(
    file: File,
    name: string | undefined,
    alone: boolean,
    choice: ReadChoice,
    progress: (done: number) => void,
  ): Promise<LoadOutcome[]> {
    const started = performance.now();
    // A table read again another way ("Read as…"), or from another file (Replace file, issue
    // 48), is read beside itself and takes its place only once read: a reading that fails leaves
    // it as it was (issue 46) — a workbook's sheet as much as a delimited file.
    const rereading = name !== undefined && tables.has(name);
    const kept = rereading ? ` The table ${name} stays as it was read before.` : '';
    const fail = (message: string, details?: string): LoadOutcome[] => [
      { ok: false, fileName: file.name, message: `${message}${kept}`, ...(details && { details }) },
    ];
    // A handle to anything but a File reads as a garbage one-column table (ARCHITECTURE.md, Facts: bundles).
    if (!(file instanceof File)) return fail('This is not a file.');
    // A gzip file is judged, and sniffed, by the start of what it holds; DuckDB unpacks the rest.
    let read: FileHead;
    try {
      read = await headOf(file, HEAD_BYTES);
    } catch (e) {
      return fail(errorMessage(e));
    }
    const { head, size } = read;
    const verdict = inspectHead(head, size);
    if (verdict.kind === 'empty') return fail('The file is empty: there is nothing to load.');
    if (verdict.kind === 'binary') return fail(`This is not delimited text: ${verdict.reason}.`);

    const nameFor = (fallback: string) =>
      name ??
      (alone && !tables.has('data') ? 'data' : tableNameFor(fallback, new Set(tables.keys())));
    const beside = `${name}__sift_reread`;
    /** The named table dropped, and forgotten with its profile. */
    const dropNamed = async (named: string) => {
      await exec(`DROP TABLE IF EXISTS ${quoteIdent(named)}`);
      tables.delete(named);
      profiles.delete(named);
    };
    /** The table read beside takes the name's place; the table as the page is told of it. */
    const takePlace = async (got: FileRead) => {
      await dropNamed(name!);
      await exec(`ALTER TABLE ${quoteIdent(beside)} RENAME TO ${quoteIdent(name!)}`);
      // The recipe names the table by the name it now has.
      const recipe = got.recipe?.map((s) => s.replaceAll(quoteIdent(beside), quoteIdent(name!)));
      return keep(name!, file, recipe ? { ...got, recipe } : got, started);
    };
    if (verdict.kind === 'zip') {
      const workbook = {
        json: jsonDeps(reading),
        taken: () => new Set(tables.keys()),
        keep: (table: string, got: FileRead) =>
          rereading && table === beside ? takePlace(got) : keep(table, file, got, started),
      };
      // In a table's place, one sheet: the one it was read from, else the first with data.
      const outcomes = await loadWorkbook(
        workbook,
        file,
        rereading ? () => beside : nameFor,
        choice,
        rereading,
      );
      return outcomes.map((o) => (o.ok ? o : { ...o, message: `${o.message}${kept}` }));
    }
    const table = rereading ? beside : nameFor(file.name);
    try {
      const got = await readFile({ ...reading, progress }, table, file, read, verdict, choice);
      if (!rereading) return [{ ok: true, table: await keep(table, file, got, started) }];
      return [{ ok: true, table: await takePlace(got) }];
    } catch (e) {
      if (rereading) await exec(`DROP TABLE IF EXISTS ${quoteIdent(table)}`).catch(() => undefined);
      return fail(errorMessage(e), e instanceof ReadFailure ? e.details : undefined);
    }
  }

  /** The table just read, as the page and the model are told about it. */
  async function keep(table: string, file: File, got: FileRead, started: number) {
    const [count] = await exec(`SELECT count(*) AS n FROM ${quoteIdent(table)}`);
    const info: TableInfo = {
      name: table,
      fileName: file.name,
      fileBytes: file.size,
      rows: Number(count?.n ?? 0),
      ...got,
      schema: await describe(table),
      loadMs: performance.now() - started,
      fileModified: file.lastModified,
      ...(host.database ? { database: host.database } : {}),
    };
    // The table carries its description in the database file, for a session reopened from it
    // (adopt-tables.ts): the file then answers for itself, whatever the page stored meanwhile.
    if (host.database)
      await exec(`COMMENT ON TABLE ${quoteIdent(table)} IS ${quoteLiteral(describeTable(info))}`);
    tables.set(table, info);
    profiles.delete(table);
    return info;
  }

  /** The profile of `wanted` (every column when omitted) as the database file kept it, if it did. */
  function keptColumns(table: string, wanted?: string[]): TableProfile | null {
    const kept = profiles.get(table);
    if (!kept) return null;
    const columns = wanted ? kept.columns.filter((c) => wanted.includes(c.column)) : kept.columns;
    if (wanted && columns.length !== wanted.length) return null;
    return { ...kept, columns, durationMs: 0 };
  }

  const warmUp = startWarmUp(
    {
      queue: exclusive,
      exec,
      registerFile: (path, file) => host.registerFile(path, file),
      unregisterFile: (path) => host.unregisterFile(path),
    },
    host.warmUp !== false,
  );
  const abandonWarmUp = () => warmUp.abandon();

  /** The names a query may not call, once read (guarded-query.ts). */
  let refusable: Promise<ReadonlySet<string>> | null = null;
  const guardedRunner: GuardedRunner = {
    prepare: async (text) => (await conn.prepare(text)).close(),
    tokenize: (text) => host.db.tokenize(text),
    // Read at the first query, not at boot: listing DuckDB's functions took 40–100 ms in Node,
    // on the way to the first table summary. A failed read is not kept (the next query tries).
    refusable: () =>
      (refusable ??= conn
        .query(
          "SELECT function_name AS f FROM duckdb_functions() WHERE function_type IN ('table', 'table_macro')",
        )
        .then((r) => refusableNames(rowsOf(r.batches).map((row) => String(row.f))))
        .catch(() => {
          refusable = null;
          return refusableNames([]);
        })),
    run: (text, stop) => {
      current = stop;
      if (cancelled) stop.stop('cancelled');
      return stop.run(conn, text);
    },
    each: (text, stop, onBatch) => {
      current = stop;
      if (cancelled) stop.stop('cancelled');
      return stop.each(conn, text, onBatch);
    },
  };

  /**
   * Runs `op` in its turn, unless it was cancelled while it waited; a cancel while it runs
   * stops the statement running and every later one.
   */
  function inTurn<T>(id: string | undefined, op: () => Promise<T>, never: () => T): Promise<T> {
    const stop = () => {
      cancelled = true;
      current?.stop('cancelled');
    };
    return runInTurn(
      book,
      exclusive,
      id,
      async () => {
        cancelled = false;
        try {
          return await op();
        } finally {
          current = null;
          cancelled = false;
        }
      },
      never,
      stop,
    );
  }

  const engine: HostedEngine = {
    adopt(wanted) {
      abandonWarmUp();
      return exclusive(async () => {
        const taken = await adoptTables(wanted, { exec: (sql) => exec(sql), describe });
        for (const { table, profile } of taken) {
          tables.set(table.name, table);
          if (profile) profiles.set(table.name, profile);
        }
        return taken.map((kept) => kept.table);
      });
    },

    async info(): Promise<EngineInfo> {
      return {
        duckdbVersion: String(version),
        bundle: host.bundle,
        warmUp: warmUp.state,
        memoryLimitBytes,
        storage: host.storage ?? 'memory',
        fileStorage: host.fileStorage ?? false,
      };
    },

    load(files, onProgress, names, reads) {
      abandonWarmUp();
      return exclusive(async () => {
        const outcomes: LoadOutcome[] = [];
        const alone = files.length === 1 && tables.size === 0;
        for (const [fileIndex, file] of files.entries()) {
          const p = {
            fileName: file.name,
            fileIndex,
            fileCount: files.length,
            bytesTotal: file.size,
          };
          const send = (q: LoadProgress) =>
            void Promise.resolve(onProgress?.(q)).catch(() => undefined);
          send(p);
          // Told the page at each whole percent, not at each chunk read: every call crosses to it.
          let percent = 0;
          const progress = (done: number) => {
            const now = Math.floor(Math.min(1, done) * 100);
            if (now > percent) send({ ...p, done: (percent = now) / 100 });
          };
          try {
            const got = await loadOne(
              file,
              names?.[fileIndex],
              alone,
              reads?.[fileIndex] ?? {},
              progress,
            );
            outcomes.push(...got.map((o) => ({ ...o, fileIndex })));
          } catch (e) {
            const message = errorMessage(e);
            outcomes.push({ ok: false, fileIndex, fileName: file?.name ?? 'file', message });
          }
        }
        // Written through to the database file, so that an instance that breaks later hands over
        // its tables whole (resilient-engine.ts, restart); a failure here costs only a re-read.
        if (host.storage === 'file' && outcomes.some((o) => o.ok))
          await exec('CHECKPOINT').catch(() => undefined);
        return outcomes;
      });
    },

    query(sql: string, options: QueryOptions = {}): Promise<QueryResult> {
      abandonWarmUp();
      return inTurn(
        options.id,
        () => runGuarded(sql, options, guardedRunner),
        () => CANCELLED_BEFORE_START,
      );
    },

    exportCsv(sql: string, options: ExportOptions = {}): Promise<ExportResult> {
      abandonWarmUp();
      return inTurn(
        options.id,
        () => runExport(sql, options, guardedRunner),
        () => CANCELLED_BEFORE_START,
      );
    },

    async cancel(id: string) {
      book.cancel(id);
    },

    profile(
      table: string,
      options: ProfileOptions = {},
      onColumn?: (column: ColumnProfile) => unknown,
    ): Promise<TableProfile> {
      abandonWarmUp();
      const stop = new Stopper();
      return inTurn(
        options.id,
        async () => {
          const info = tables.get(table);
          if (!info) throw new Error(`There is no table named ${table}.`);
          const wanted = options.columns;
          const kept = keptColumns(table, wanted);
          const schema = info.schema ?? (await describe(table));
          const columns = wanted ? schema.filter((c) => wanted.includes(c.name)) : schema;
          const run = (sql: string) => exec(sql, stop);
          const profile = kept ?? (await profileTable(run, table, columns, info.rows));
          // Taken before the answer: a Comlink callback's port keeps no order with it.
          if (onColumn)
            await Promise.all(
              profile.columns.map((c) => Promise.resolve(onColumn(c)).catch(() => undefined)),
            );
          return profile;
        },
        () => {
          throw new Interrupted('cancelled');
        },
      );
    },

    async tables() {
      return [...tables.values()];
    },

    // Written through to the file (as a load is); a failure costs only computing it again at the
    // next reopening.
    keepProfile(profile) {
      return exclusive(async () => {
        const info = tables.get(profile.table);
        if (!host.database || !info || !profileFits(info, profile)) return;
        try {
          const described = quoteLiteral(describeTable(info, profile));
          await exec(`COMMENT ON TABLE ${quoteIdent(info.name)} IS ${described}`);
          await exec('CHECKPOINT');
          profiles.set(info.name, profile);
        } catch {
          // Left as it was: the next reopening computes the profile again.
        }
      });
    },

    dropTable(name: string) {
      return exclusive(async () => {
        await exec(`DROP TABLE IF EXISTS ${quoteIdent(name)}`);
        tables.delete(name);
        profiles.delete(name);
      });
    },

    reset() {
      // Real work, which the warm-up must not hold up (a session opened at the page's start).
      abandonWarmUp();
      return exclusive(async () => {
        for (const name of tables.keys()) await exec(`DROP TABLE IF EXISTS ${quoteIdent(name)}`);
        tables.clear();
        profiles.clear();
        // In a database file, the dropped tables' blocks are freed at the checkpoint, and DuckDB
        // cuts free blocks off the file's end (the engine suite measures what is left).
        if (host.storage === 'file') await exec('CHECKPOINT').catch(() => undefined);
      });
    },
  };
  return engine;
}
