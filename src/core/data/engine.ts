/**
 * The one interface of the data engine. The worker implements it (workers/engine.ts), the page
 * reaches it through a single Comlink wrapper, and later the agent's tools run against it.
 * Every value that crosses it is plain, structured-cloneable data.
 */

import type { DateOrderChoice } from './date-order.ts';
import type { Cell } from './cell.ts';
import type { CsvDialect } from './csv-dialect.ts';
import type { TextEncodingName } from './encodings.ts';

export type { Cell } from './cell.ts';

export interface ResultColumn {
  name: string;
  /** DuckDB's type name, e.g. `BIGINT`, `VARCHAR`, `DATE`. */
  type: string;
}

export type QueryResult =
  | {
      ok: true;
      columns: ResultColumn[];
      rows: Cell[][];
      /** Rows in the full result; null when counting them ran out of time. */
      totalRows: number | null;
      /** True when `rows` holds fewer rows (or `columns` fewer columns) than the full result. */
      truncated: boolean;
      /** Columns of the full result, when only the first of them were fetched. */
      totalColumns?: number;
      /** Why it was truncated, in words for people and models. */
      note?: string;
      durationMs: number;
    }
  | {
      ok: false;
      kind: 'rejected' | 'error' | 'timeout' | 'cancelled';
      message: string;
      /** DuckDB's own text, when the message says it in other words (engine-failure.ts). */
      details?: string;
      durationMs: number;
    };

export interface QueryOptions {
  /** At most this many rows come back (default 1,000). */
  maxRows?: number;
  /** Cancelled after this many milliseconds (default 30,000). */
  timeoutMs?: number;
  /** Rows stop being collected past this many bytes of cell text (default 8 MB). */
  maxBytes?: number;
  /**
   * Names the operation so that `cancel(id)` stops it and nothing else: the SQL box's Cancel
   * must not stop the model's query, nor the model's Stop the person's.
   */
  id?: string;
}

/** A whole result as a CSV file (`exportCsv`), or why it could not be made. */
export type ExportResult =
  | {
      ok: true;
      /** RFC 4180 with CRLF line ends, text guarded against formulas (core/data/csv.ts). */
      csv: Blob;
      rows: number;
      durationMs: number;
    }
  | Extract<QueryResult, { ok: false }>;

export interface ExportOptions {
  /** The kind of CSV: the standard file unless told (csv-dialect.ts). */
  dialect?: CsvDialect;
  /** Cancelled after this many milliseconds (default 30,000). */
  timeoutMs?: number;
  /** Refused past this many characters of CSV (default 256 Mi): what the page is handed at once. */
  maxBytes?: number;
  /** Names the operation for `cancel(id)`, as a query's id does. */
  id?: string;
}

/** Options of an operation that can be cancelled by its id (the profile). */
export interface CancelOptions {
  id?: string;
}

export interface ProfileOptions extends CancelOptions {
  /** Only these columns, in the table's order; every column when omitted. */
  columns?: string[];
}

export interface ColumnName {
  /** The header as it was in the file; null when the file had no header row. */
  original: string | null;
  /** The name of the column in the table. */
  name: string;
}

/** A text file's encoding, by its WHATWG label (core/data/encodings.ts). */
export type Encoding = TextEncodingName;

/**
 * What the file held, as Sift read it: `csv` is delimited text of any delimiter but tab, `jsonl`
 * JSON Lines. A gzip file has the format of what it unpacks to.
 */
export type FileFormat = 'csv' | 'tsv' | 'parquet' | 'json' | 'jsonl' | 'xlsx';

export interface TableInfo {
  name: string;
  fileName: string;
  fileBytes: number;
  rows: number;
  columns: ColumnName[];
  /**
   * The columns with DuckDB's types, read once after the load: a turn describes its tables from
   * this, instead of querying DuckDB and waiting behind whatever runs there.
   */
  schema?: ResultColumn[];
  format: FileFormat;
  /** The workbook's sheet the table was read from (Excel). */
  sheet?: string;
  /** The text's encoding; binary formats (Parquet, Excel) and JSON are UTF-8. */
  encoding: Encoding;
  /** The encoding the person chose under "Read as…", when it was theirs and not Sift's guess. */
  readAs?: Encoding;
  /** Things done to make the file readable, in words (e.g. "3 short rows padded with NULL"). */
  notes: string[];
  /**
   * Columns of text in a local format that were read as numbers or dates (`1 234,56 €`,
   * `25.03.2024`): what the page shows and the model is told. Absent when none were.
   */
  conversions?: ColumnConversion[];
  /** The person chose to keep every column as written ("Keep as written"). */
  asWritten?: boolean;
  /** The order the person chose for dates the values alone do not settle. */
  dates?: DateOrderChoice;
  /**
   * The statements that made the table from its delimited file, for native DuckDB run beside the
   * file (core/sql/recipe-sql.ts): each whole, without its semicolon, naming the table. Absent
   * for other files.
   */
  recipe?: string[];
  /** How long reading the file into the table took. */
  loadMs: number;
  /**
   * When the file read was last modified (`File.lastModified`): with its name and size, what
   * tells a session's stored file from another one (core/data/table-info.ts, readFrom).
   */
  fileModified?: number;
  /**
   * The database file that holds the table, when it is in one (workers/work-database.ts): a
   * stored session records it, and reopening the session takes the table from it (`reopen`).
   */
  database?: string;
}

/** One column of text read as numbers or dates (workers/local-formats.ts). */
export interface ColumnConversion {
  column: string;
  /** The type it has now. */
  type: string;
  /** How it was read, in words: "decimal comma, a space between thousands, € left out". */
  how: string;
  /** One value as written and as read. */
  example: { from: string; to: string };
  /** Values read; values that did not fit, kept as written in `misfitColumn`. */
  values: number;
  misfits: number;
  misfitColumn?: string;
  /** Why another reading was possible, when it was ("03/04 could be 3 April or 4 March"). */
  ambiguous?: string;
  /** What settled a reading the values alone did not (the rows' order, the dates' span). */
  why?: string;
  /** Of dates, the other orders that read every value, for the person to choose instead. */
  otherOrders?: DateOrderChoice[];
}

/**
 * What became of one file, or of one sheet of a workbook: a workbook gives an outcome per sheet,
 * so `fileIndex` says which of the files loaded it came from.
 */
export type LoadOutcome = { fileIndex?: number } & (
  | { ok: true; table: TableInfo }
  | {
      ok: false;
      fileName: string;
      /** What happened, in plain words. */
      message: string;
      /** DuckDB's own text, when the message says it in other words (engine-failure.ts). */
      details?: string;
    }
);

/**
 * Which file is being read, and how far when the reader can tell. DuckDB-WASM reports no
 * progress within a CSV that works under our CSP: its progress bar calls `new Function` in
 * DuckDB's worker, which `script-src` forbids.
 */
export interface LoadProgress {
  fileName: string;
  /** 0-based position of this file in the load. */
  fileIndex: number;
  fileCount: number;
  bytesTotal: number;
  /**
   * How much of this file's reading is done, 0 to 1: given for the files Sift reads itself
   * (JSON Lines as it streams, Parquet by row group), absent for a CSV and a JSON document.
   */
  done?: number;
}

export interface TypicalValue {
  value: string | null;
  count: number;
}

export interface ColumnProfile {
  column: string;
  type: string;
  nonNullCount: number;
  uniqueCount: number;
  /** The unique count is an estimate (HyperLogLog on a large table): shown as "≈". */
  uniqueApprox?: boolean;
  min: string | null;
  max: string | null;
  typicalValues: TypicalValue[];
  /** The typical values were counted in a sample of this many rows, not the whole table. */
  typicalSample?: number;
  /**
   * A numeric or date column's histogram: counts in equal-width bins from min to max (a date's
   * by its seconds since 1970), the maximum in the last bin. Absent where there is no spread to
   * draw (constant, all missing, infinite) and in profiles stored before it existed.
   */
  histogram?: number[];
  issues: string[];
}

export interface TableProfile {
  table: string;
  rows: number;
  columns: ColumnProfile[];
  durationMs: number;
}

export interface EngineInfo {
  duckdbVersion: string;
  bundle: string;
  /**
   * The throw-away load that warms DuckDB up after boot: abandoned when real work arrives
   * while it runs, so that it never delays a file or a query.
   */
  warmUp?: 'running' | 'done' | 'abandoned' | 'failed';
  /** What DuckDB may use in this tab (its memory_limit), in bytes; null when it could not be read. */
  memoryLimitBytes?: number | null;
  /**
   * Where DuckDB keeps the tables now: a database file in the browser's private storage,
   * compressed and paged in and out, or memory alone (workers/resilient-engine.ts, tablesAt).
   */
  storage?: 'file' | 'memory';
  /** Whether this tab can keep tables in a database file (OPFS), where large ones go. */
  fileStorage?: boolean;
}

/**
 * How one file is read when not as Sift would choose: a workbook's one sheet (every sheet when
 * omitted), a text file's encoding (the person's "Read as…"; Sift's guess when omitted).
 */
export interface ReadChoice {
  sheet?: string;
  encoding?: Encoding;
  /** Keep columns of numbers and dates in local formats as the text they are (the person's choice). */
  asWritten?: boolean;
  /** Read dates no value settles in this order (the person's choice). */
  dates?: DateOrderChoice;
}

/** One table a session had, as `reopen` looks for it in the session's database file. */
export interface WantedTable {
  name: string;
  /** The stored file the table was read from: it is read again when the database file is of no use. */
  file: File;
  read?: ReadChoice;
}

/**
 * What reopening a session's database file found: `used`, every table as it was loaded; `stale`,
 * some tables not as the stored session has them (another file, another reading); `damaged`, a
 * file that would not open; `missing`, no such file in this browser. The tables not taken are
 * for the caller to load from their files.
 */
export interface Reopened {
  tables: TableInfo[];
  file: 'used' | 'stale' | 'damaged' | 'missing';
}

/** A database file kept for a stored session, and the bytes it takes in storage. */
export interface KeptDatabase {
  database: string;
  bytes: number;
}

/** One DuckDB and its tables: what each instance of the engine does (workers/engine.ts). */
export interface TableEngine {
  info(): Promise<EngineInfo>;
  /**
   * Loads files as tables; a file loaded alone into an empty database is `data`, files loaded
   * together are each named for their file (`customers.csv` → `customers`). `names` gives a file
   * its table name (reopening a session, whose history refers to its tables by name); a name
   * already taken is replaced. Never throws.
   */
  load(
    files: File[],
    onProgress?: (p: LoadProgress) => void,
    names?: (string | undefined)[],
    /** How to read file i: a workbook's one sheet (reopening a session), a text's encoding. */
    reads?: (ReadChoice | undefined)[],
  ): Promise<LoadOutcome[]>;
  /** Runs one read-only statement under the row, byte and time limits. Never throws. */
  query(sql: string, options?: QueryOptions): Promise<QueryResult>;
  /**
   * Runs one read-only statement, checked as `query` checks it, and gives its whole result as a
   * CSV file: every row and column, no cell cut, values as DuckDB writes them. Never throws.
   */
  exportCsv(sql: string, options?: ExportOptions): Promise<ExportResult>;
  /**
   * Cancels the operation started with this id: one that is running stops at once, one still
   * waiting for its turn never starts. Any other operation is left alone.
   */
  cancel(id: string): Promise<void>;
  /**
   * Profiles a table column by column, as background work: a load or query asked for meanwhile
   * runs first. `onColumn` hears each column as it is done, in the table's order.
   */
  profile(
    table: string,
    options?: ProfileOptions,
    onColumn?: (column: ColumnProfile) => void,
  ): Promise<TableProfile>;
  tables(): Promise<TableInfo[]>;
  dropTable(name: string): Promise<void>;
  /** Drops every table: the next session starts from an empty database. */
  reset(): Promise<void>;
}

/**
 * The engine the page uses: one instance after another (workers/resilient-engine.ts), and the
 * database files kept for stored sessions, whose tables reopen without reading their files again.
 */
export interface SiftEngine extends TableEngine {
  /**
   * Drops every table. `keep`: the database file the session left records; if the tables are in
   * that very file, it stays in this browser's storage for the session to reopen (`reopen`).
   * Any other file goes with its instance.
   */
  reset(keep?: string | null): Promise<void>;
  /**
   * Opens the session's kept database file and takes from it each of `wanted` it holds as it was
   * loaded from that file, that way; replaces whatever the engine held. Never throws: a failure is
   * `damaged`, and the caller reads the files again.
   */
  reopen(database: string, wanted: WantedTable[]): Promise<Reopened>;
  /** The database files kept in this browser, with their sizes (none where there is no OPFS). */
  databases(): Promise<KeptDatabase[]>;
  /** Removes every kept database file not named in `keep` that no instance holds open. */
  forgetDatabases(keep: string[]): Promise<void>;
}
