/**
 * Reading a Parquet file without DuckDB's parquet extension, which duckdb-wasm 1.32 downloads
 * from the internet when `read_parquet` runs (ARCHITECTURE.md, Facts: formats). parquet-wasm
 * decodes the file a row group at a time into Arrow; DuckDB takes each group in through
 * `insertArrowFromIPCStream`, which is built in. Only one row group is in memory at a time, and
 * the File is read in slices, never whole.
 *
 * Measured against hyparquet on the same 3-million-row files (README, Dependencies): parquet-wasm
 * decoded them 3–4× faster, and its Arrow keeps DuckDB's types — decimals, lists, structs, maps,
 * timestamps with a time zone — with no conversion of ours in between.
 */
import type { ColumnName } from '../src/core/data/engine.ts';
import { quoteIdent } from '../src/core/data/sql-text.ts';
import { errorMessage } from '../src/core/errors.ts';
import { normaliseColumns, type Exec } from './table-shape.ts';

/** A Parquet file opened for reading by row group. */
export interface ParquetSource {
  readonly rowGroups: number;
  /** One row group (or, with null, the whole file: how an empty file gives its schema) as an Arrow IPC stream. */
  read(group: number | null): Promise<Uint8Array>;
  close(): void;
}

export interface ParquetReader {
  open(file: Blob): Promise<ParquetSource>;
}

export interface ParquetDeps {
  exec: Exec;
  parquet(): Promise<ParquetReader>;
  /** Appends an Arrow IPC stream to `table`, creating it first when `create`. */
  insertArrow(table: string, ipc: Uint8Array, create: boolean): Promise<void>;
  /** How much of the reading is done, 0 to 1: row groups read of all. */
  progress?(done: number): void;
}

export interface ParquetLoaded {
  columns: ColumnName[];
  notes: string[];
}

/** parquet-wasm's errors, e.g. "Parquet error: Invalid Parquet file. Corrupt footer", in words. */
function unreadable(message: string): Error {
  const reason = message.replace(/^(?:Error:\s*)?(?:Parquet error:\s*)?/i, '').trim();
  return new Error(`This Parquet file cannot be read: ${reason || 'it is damaged'}.`);
}

export async function loadParquet(
  deps: ParquetDeps,
  table: string,
  file: File,
): Promise<ParquetLoaded> {
  const reader = await deps.parquet();
  let source: ParquetSource;
  try {
    source = await reader.open(file);
  } catch (e) {
    throw unreadable(errorMessage(e));
  }
  try {
    const groups = source.rowGroups === 0 ? [null] : [...Array(source.rowGroups).keys()];
    for (const [i, group] of groups.entries()) {
      let ipc: Uint8Array;
      try {
        ipc = await source.read(group);
      } catch (e) {
        throw unreadable(errorMessage(e));
      }
      await deps.insertArrow(table, ipc, i === 0);
      deps.progress?.((i + 1) / groups.length);
    }
  } catch (e) {
    await deps.exec(`DROP TABLE IF EXISTS ${quoteIdent(table)}`).catch(() => undefined);
    throw e;
  } finally {
    source.close();
  }
  return normaliseColumns(deps.exec, table);
}
